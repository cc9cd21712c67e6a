# contractgen_generate(<target>
#     SCHEMAS <dir>                 folder of *.schema.json (one subfolder per family)
#     OUT <dir>                     output folder
#     [TARGETS cpp ts ...]          generator targets (default: all)
#     [TEMPLATES <dir>]             template overrides
#     [GENERATOR <exe>])            contractgen executable (default: contractgen::contractgen,
#                                   from find_package(contractgen) or the project's own build)
#
# Defines a custom target <target> that reruns the generator when a schema or
# template changes, and does nothing otherwise. The generator reads the
# contractgen.toml of the calling folder (CMAKE_CURRENT_SOURCE_DIR); without
# one, the project is named <target> (--project-name), with the C++ namespace
# kept at its default `contract`, so that the CMake project and library of the
# generated cpp/CMakeLists.txt are <target>_bindings rather than an unnamed
# `_bindings` that a second contract in the same build would collide with. For C++ consumers it also
# defines <target>_cpp, a static library of the generated decoders and
# encoders (<OUT>/cpp/src/) with <OUT>/cpp/include on the include path, built
# after the generation step; it needs nlohmann_json and RE2 (pkg-config).
# Three ways to have it: find_package(contractgen) of an installed
# contractgen, FetchContent/add_subdirectory of its sources, or include() of
# this file (then pass GENERATOR).
function(contractgen_generate name)
  cmake_parse_arguments(CG "" "SCHEMAS;OUT;TEMPLATES;GENERATOR" "TARGETS" ${ARGN})
  if(NOT CG_SCHEMAS OR NOT CG_OUT)
    message(FATAL_ERROR "contractgen_generate(${name}): SCHEMAS and OUT are required")
  endif()
  set(generator_dep "")
  if(NOT CG_GENERATOR)
    if(NOT TARGET contractgen::contractgen)
      message(FATAL_ERROR "contractgen_generate(${name}): no generator: call find_package(contractgen CONFIG REQUIRED) "
                          "or FetchContent_MakeAvailable(contractgen) first, or pass GENERATOR <path to contractgen>")
    endif()
    set(CG_GENERATOR $<TARGET_FILE:contractgen::contractgen>)
    # Rerun when the generator changes: the target when it is built here, its file when installed.
    get_target_property(generator_imported contractgen::contractgen IMPORTED)
    if(generator_imported)
      set(generator_dep $<TARGET_FILE:contractgen::contractgen>)
    else()
      set(generator_dep contractgen)
    endif()
  endif()
  file(GLOB_RECURSE schema_files CONFIGURE_DEPENDS "${CG_SCHEMAS}/*.schema.json")
  set(args generate --quiet --schemas "${CG_SCHEMAS}" --out "${CG_OUT}")
  if(NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/contractgen.toml")
    list(APPEND args --project-name "${name}" --cpp-namespace contract)
  endif()
  set(template_files "")
  if(CG_TEMPLATES)
    list(APPEND args --templates "${CG_TEMPLATES}")
    file(GLOB_RECURSE template_files CONFIGURE_DEPENDS "${CG_TEMPLATES}/*.mustache")
  endif()
  foreach(t IN LISTS CG_TARGETS)
    list(APPEND args --target ${t})
  endforeach()
  set(with_cpp OFF)
  if(NOT CG_TARGETS OR "cpp" IN_LIST CG_TARGETS)
    set(with_cpp ON)
  endif()

  # The C++ files are declared as byproducts so that the build compiles them,
  # and recompiles the files that include the headers, after regenerating
  # them. Sources sit at fixed places (one per family, i.e. per folder
  # directly under SCHEMAS, plus the registry and the runtime); headers sit
  # below the folders of the configured C++ namespace, so their names come
  # from the output's manifest, once a generation has written it.
  set(cpp_sources "")
  set(byproducts "")
  if(with_cpp)
    set(manifest "${CG_OUT}/.contractgen-manifest")
    file(GLOB families LIST_DIRECTORIES true RELATIVE "${CG_SCHEMAS}" CONFIGURE_DEPENDS "${CG_SCHEMAS}/*")
    foreach(family IN LISTS families)
      if(IS_DIRECTORY "${CG_SCHEMAS}/${family}")
        list(APPEND cpp_sources "${CG_OUT}/cpp/src/${family}.cpp")
      endif()
    endforeach()
    # The runtime's sources: those of runtime/cpp/src/ next to this file, or
    # the list an installed package recorded (contractgenConfig.cmake).
    if(DEFINED CONTRACTGEN_RUNTIME_SOURCES)
      set(runtime_sources ${CONTRACTGEN_RUNTIME_SOURCES})
    else()
      set(runtime "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../runtime/cpp/src")
      file(GLOB_RECURSE runtime_sources RELATIVE "${runtime}" CONFIGURE_DEPENDS "${runtime}/*.cpp")
    endif()
    foreach(source IN LISTS runtime_sources)
      list(APPEND cpp_sources "${CG_OUT}/cpp/src/${source}")
    endforeach()
    list(APPEND cpp_sources "${CG_OUT}/cpp/src/registry.cpp" "${CG_OUT}/cpp/src/rt/package.cpp")
    set(byproducts ${cpp_sources})
    if(EXISTS "${manifest}")
      file(STRINGS "${manifest}" headers REGEX "^cpp/include/.*\\.hpp$")
      foreach(header IN LISTS headers)
        list(APPEND byproducts "${CG_OUT}/${header}")
      endforeach()
    endif()
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
  if(with_cpp)
    add_library(${name}_cpp STATIC EXCLUDE_FROM_ALL ${cpp_sources})
    target_include_directories(${name}_cpp PUBLIC "${CG_OUT}/cpp/include")
    if(TARGET contractgen::bindings_requirements)
      target_link_libraries(${name}_cpp PUBLIC contractgen::bindings_requirements)
    else()
      # include() of this file alone: find what generated C++ needs here.
      if(NOT TARGET nlohmann_json::nlohmann_json)
        find_package(nlohmann_json 3.11 REQUIRED)
      endif()
      target_link_libraries(${name}_cpp PUBLIC nlohmann_json::nlohmann_json)
      target_compile_features(${name}_cpp PUBLIC cxx_std_17)
    endif()
    # RE2 and PCRE2 match the contract's patterns (Debian: libre2-dev, libpcre2-dev).
    if(NOT TARGET PkgConfig::RE2)
      find_package(PkgConfig REQUIRED)
      pkg_check_modules(RE2 REQUIRED IMPORTED_TARGET GLOBAL re2)
    endif()
    if(NOT TARGET PkgConfig::PCRE2)
      find_package(PkgConfig REQUIRED)
      pkg_check_modules(PCRE2 REQUIRED IMPORTED_TARGET GLOBAL libpcre2-8)
    endif()
    target_link_libraries(${name}_cpp PRIVATE PkgConfig::RE2 PkgConfig::PCRE2)
    add_dependencies(${name}_cpp ${name})
  endif()
endfunction()
