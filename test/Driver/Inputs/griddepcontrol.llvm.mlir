// griddepcontrol (programmatic dependent launch) as NVVM ops: sm_90 and later.
module {
  llvm.func @gdc() attributes {nvvm.kernel} {
    nvvm.griddepcontrol wait
    nvvm.griddepcontrol launch_dependents
    llvm.return
  }
}
