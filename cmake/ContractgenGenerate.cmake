# contractgen_generate(<target>
#     SCHEMAS <dir>                 folder of *.schema.json (one subfolder per family)
#     OUT <dir>                     output folder
#     [TARGETS cpp ts ...]          generator targets (default: all)
#     [TEMPLATES <dir>]             template overrides
#     [GENERATOR <exe>])            contractgen executable (default: the contractgen target)
#
# Defines a custom target <target> that reruns the generator when a schema or
# template changes, and does nothing otherwise. For C++ consumers it also
# defines <target>_cpp, an INTERFACE library with <OUT>/cpp/include on the
# include path, which depends on the generation step.
function(contractgen_generate name)
  cmake_parse_arguments(CG "" "SCHEMAS;OUT;TEMPLATES;GENERATOR" "TARGETS" ${ARGN})
  if(NOT CG_SCHEMAS OR NOT CG_OUT)
    message(FATAL_ERROR "contractgen_generate(${name}): SCHEMAS and OUT are required")
  endif()
  if(NOT CG_GENERATOR)
    set(CG_GENERATOR $<TARGET_FILE:contractgen>)
    set(generator_dep contractgen)
  endif()
  file(GLOB_RECURSE schema_files CONFIGURE_DEPENDS "${CG_SCHEMAS}/*.schema.json")
  set(args generate --quiet --schemas "${CG_SCHEMAS}" --out "${CG_OUT}")
  set(template_files "")
  if(CG_TEMPLATES)
    list(APPEND args --templates "${CG_TEMPLATES}")
    file(GLOB_RECURSE template_files CONFIGURE_DEPENDS "${CG_TEMPLATES}/*.mustache")
  endif()
  foreach(t IN LISTS CG_TARGETS)
    list(APPEND args --target ${t})
  endforeach()
  # The C++ headers are declared as byproducts so that Ninja and Make
  # recompile their includers in the same build that regenerates them.
  set(byproducts "")
  if(NOT CG_TARGETS OR "cpp" IN_LIST CG_TARGETS)
    file(GLOB families LIST_DIRECTORIES true RELATIVE "${CG_SCHEMAS}" CONFIGURE_DEPENDS "${CG_SCHEMAS}/*")
    foreach(family IN LISTS families)
      if(IS_DIRECTORY "${CG_SCHEMAS}/${family}")
        list(APPEND byproducts "${CG_OUT}/cpp/include/contract/${family}.hpp")
      endif()
    endforeach()
    list(APPEND byproducts "${CG_OUT}/cpp/include/contract/runtime.hpp" "${CG_OUT}/cpp/include/contract/registry.hpp")
  endif()
  set(stamp "${CMAKE_CURRENT_BINARY_DIR}/${name}.contractgen.stamp")
  add_custom_command(
    OUTPUT "${stamp}"
    BYPRODUCTS ${byproducts}
    COMMAND ${CG_GENERATOR} ${args}
    COMMAND ${CMAKE_COMMAND} -E touch "${stamp}"
    DEPENDS ${schema_files} ${template_files} ${generator_dep}
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    COMMENT "contractgen: regenerating ${CG_OUT} from ${CG_SCHEMAS}"
    VERBATIM)
  add_custom_target(${name} DEPENDS "${stamp}")
  add_library(${name}_cpp INTERFACE)
  target_include_directories(${name}_cpp INTERFACE "${CG_OUT}/cpp/include")
  target_link_libraries(${name}_cpp INTERFACE nlohmann_json::nlohmann_json)
  target_compile_features(${name}_cpp INTERFACE cxx_std_17)
  add_dependencies(${name}_cpp ${name})
endfunction()
