# tilecc_tablegen(<target> <td-file> <out-prefix> GEN <gen-flag>:<suffix> ...)
# Runs mlir-tblgen once per requested generator on one .td file; all outputs are
# attached to a custom target so that libraries can depend on it.
function(tilecc_tablegen target td prefix)
  cmake_parse_arguments(ARG "" "" "GEN" ${ARGN})
  get_filename_component(td_abs ${td} ABSOLUTE)
  file(RELATIVE_PATH rel_dir ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  set(outputs)
  foreach(spec ${ARG_GEN})
    string(REPLACE ":" ";" parts ${spec})
    list(GET parts 0 flags)
    list(GET parts 1 suffix)
    string(REPLACE "," ";" flag_list ${flags})
    set(out ${CMAKE_CURRENT_BINARY_DIR}/${prefix}${suffix})
    add_custom_command(OUTPUT ${out}
      COMMAND ${MLIR_TABLEGEN_EXE} ${flag_list} ${TILECC_TABLEGEN_INCLUDES} ${td_abs} -o ${out}
        --write-if-changed
      DEPENDS ${td_abs} ${ARG_DEPENDS} ${TILECC_TD_DEPENDS}
      COMMENT "tblgen ${prefix}${suffix}" VERBATIM)
    list(APPEND outputs ${out})
  endforeach()
  add_custom_target(${target} DEPENDS ${outputs})
endfunction()
