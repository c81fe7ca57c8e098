# tilecc_add_cubin(<target> SOURCES <file.tile>... [ARCH <sm_XY>...] [OPTIONS <flag>...])
#
# Compiles every source for every arch into
# ${CMAKE_CURRENT_BINARY_DIR}/<target>/<name>.<arch>.cubin with its kernel
# metadata (<name>.<arch>.json). tilecc writes a depfile, so edits to a source
# rebuild exactly its cubins, and an unchanged tree rebuilds nothing.
function(tilecc_add_cubin target)
  cmake_parse_arguments(ARG "" "" "SOURCES;ARCH;OPTIONS" ${ARGN})
  if(NOT ARG_ARCH)
    set(ARG_ARCH sm_100)
  endif()
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/${target})
  set(cubins)
  set(metadata)
  foreach(source ${ARG_SOURCES})
    get_filename_component(source_abs ${source} ABSOLUTE)
    get_filename_component(name ${source} NAME_WE)
    foreach(arch ${ARG_ARCH})
      set(cubin ${out_dir}/${name}.${arch}.cubin)
      set(meta ${out_dir}/${name}.${arch}.json)
      set(depfile_args)
      if(CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
        set(depfile_args DEPFILE ${cubin}.d)
      endif()
      add_custom_command(OUTPUT ${cubin} ${meta}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
        COMMAND ${TILECC_EXECUTABLE} -arch=${arch} ${ARG_OPTIONS} ${source_abs}
                -o ${cubin} --metadata=${meta} -MD -MF ${cubin}.d
        DEPENDS ${source_abs} ${TILECC_EXECUTABLE}
        ${depfile_args}
        COMMENT "tilecc ${name} (${arch})"
        VERBATIM)
      list(APPEND cubins ${cubin})
      list(APPEND metadata ${meta})
    endforeach()
  endforeach()
  add_custom_target(${target} ALL DEPENDS ${cubins})
  set_target_properties(${target} PROPERTIES
    TILECC_CUBINS "${cubins}" TILECC_METADATA "${metadata}")
endfunction()

# tilecc_embed_cubin(<target> HEADER <file.h> TARGET <cubin-target>)
#
# Generates a C++ header holding every cubin of <cubin-target> as a byte array
# and its metadata as a string, for host code that loads kernels with the
# CUDA driver API (cuModuleLoadData).
function(tilecc_embed_cubin target)
  cmake_parse_arguments(ARG "" "HEADER;TARGET" "" ${ARGN})
  get_target_property(cubins ${ARG_TARGET} TILECC_CUBINS)
  get_target_property(metadata ${ARG_TARGET} TILECC_METADATA)
  get_filename_component(header ${ARG_HEADER} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
  add_custom_command(OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} "-DCUBINS=${cubins}" "-DMETADATA=${metadata}"
            -DHEADER=${header} -P ${TILECC_EMBED_SCRIPT}
    DEPENDS ${cubins} ${metadata} ${TILECC_EMBED_SCRIPT}
    COMMENT "embedding cubins into ${ARG_HEADER}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${header})
  add_dependencies(${target} ${ARG_TARGET})
endfunction()
