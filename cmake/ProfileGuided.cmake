# The generator compiled with GCC's profile-guided optimisation.
#
# The generator spends its time in code whose branches and calls depend on
# the data (template rendering, hashing, string building); told which paths
# a real run takes, GCC lays out and inlines for them. Measured in
# bench/README.md ("Profile-guided build").
#
# How: this source tree is configured a second time, in <build>/pgo/train-build,
# with instrumentation (-fprofile-generate), and only its generator is built
# there. That generator runs over this repository's schemas and the golden
# contracts (cmake/TrainProfile.cmake), leaving its counts in <build>/pgo/;
# contractgen_core and contractgen here are then compiled with them
# (-fprofile-use). GCC finds a function's counts by the object file's name
# and path as the compiler was given them: the second build has the same
# targets, so the same relative object paths, and each build strips its own
# folder from the profile files' names (-fprofile-prefix-path). Code the
# training does not reach is optimised as usual (-fprofile-partial-training).
#
# Off by default: the quick start (scripts/build) and the test suite compile
# the generator once. scripts/package turns it on for the release artifacts
# (-DCONTRACTGEN_PGO=ON: the generator's sources are then compiled twice,
# GCC only); its output does not depend on how it was compiled. A source
# edited later is compiled again in both builds, the training runs again, and
# that source is recompiled with its new counts; the others keep the counts
# they were compiled with (still correct code).
option(CONTRACTGEN_PGO "Compile the generator with profile-guided optimisation (GCC; trains on this repository's schemas)"
       OFF)
if(NOT CONTRACTGEN_PGO)
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "CONTRACTGEN_PGO needs GCC (this compiler is ${CMAKE_CXX_COMPILER_ID}); "
                      "configure with -DCONTRACTGEN_PGO=OFF")
endif()

set(contractgen_pgo_dir "${PROJECT_BINARY_DIR}/pgo")
set(contractgen_pgo_build "${contractgen_pgo_dir}/train-build")

# 1. The instrumented build, with only what the generator needs. It is
#    configured here, and again from scratch when an option it copies from
#    this build changes (the compiler, its flags, jemalloc...: recorded in
#    its folder); otherwise it reconfigures itself when this tree's CMake
#    files change.
set(contractgen_pgo_settings "${CMAKE_GENERATOR}|${CMAKE_MAKE_PROGRAM}|${CMAKE_CXX_COMPILER}|${CMAKE_BUILD_TYPE}|\
${CMAKE_PREFIX_PATH}|${CMAKE_CXX_FLAGS}|${CMAKE_EXE_LINKER_FLAGS}|${CONTRACTGEN_JEMALLOC}")
set(contractgen_pgo_settings_file "${contractgen_pgo_build}/contractgen-settings.txt")
set(contractgen_pgo_recorded "")
if(EXISTS "${contractgen_pgo_settings_file}")
  file(READ "${contractgen_pgo_settings_file}" contractgen_pgo_recorded)
endif()
if(EXISTS "${contractgen_pgo_build}/CMakeCache.txt" AND NOT contractgen_pgo_recorded STREQUAL contractgen_pgo_settings)
  file(REMOVE_RECURSE "${contractgen_pgo_build}")
endif()
if(NOT EXISTS "${contractgen_pgo_build}/CMakeCache.txt")
  message(STATUS "Configuring the instrumented generator build (CONTRACTGEN_PGO) in ${contractgen_pgo_build}")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S "${PROJECT_SOURCE_DIR}" -B "${contractgen_pgo_build}" -G "${CMAKE_GENERATOR}"
            "-DCMAKE_MAKE_PROGRAM=${CMAKE_MAKE_PROGRAM}" "-DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}"
            "-DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}" "-DCMAKE_PREFIX_PATH=${CMAKE_PREFIX_PATH}"
            # atomic: the generator counts on several threads.
            "-DCMAKE_CXX_FLAGS=${CMAKE_CXX_FLAGS} -fprofile-generate -fprofile-update=atomic -fprofile-dir=${contractgen_pgo_dir} -fprofile-prefix-path=${contractgen_pgo_build}"
            "-DCMAKE_EXE_LINKER_FLAGS=${CMAKE_EXE_LINKER_FLAGS} -fprofile-generate"
            -DCONTRACTGEN_PGO=OFF -DCONTRACTGEN_BUILD_TESTS=OFF -DCONTRACTGEN_BUILD_BENCHES=OFF
            -DCONTRACTGEN_BUILD_BINDINGS=OFF -DCONTRACTGEN_INSTALL=OFF "-DCONTRACTGEN_JEMALLOC=${CONTRACTGEN_JEMALLOC}"
    RESULT_VARIABLE contractgen_pgo_status
    OUTPUT_VARIABLE contractgen_pgo_output
    ERROR_VARIABLE contractgen_pgo_output)
  if(NOT contractgen_pgo_status EQUAL 0)
    file(REMOVE_RECURSE "${contractgen_pgo_build}")
    message(FATAL_ERROR "configuring the instrumented generator build (CONTRACTGEN_PGO) failed; "
                        "configure with -DCONTRACTGEN_PGO=OFF to build without it:\n${contractgen_pgo_output}")
  endif()
  file(WRITE "${contractgen_pgo_settings_file}" "${contractgen_pgo_settings}")
endif()
set(contractgen_pgo_trainer "${contractgen_pgo_build}/contractgen")
# Runs the other build every time: it knows what changed, and rewrites the
# trainer only then (which is what reruns the training).
add_custom_target(contractgen_pgo_trainer
  COMMAND ${CMAKE_COMMAND} --build "${contractgen_pgo_build}" --target contractgen
  BYPRODUCTS "${contractgen_pgo_trainer}"
  COMMENT "Building the instrumented generator (CONTRACTGEN_PGO)"
  VERBATIM)

# 2. The training run.
file(GLOB_RECURSE contractgen_pgo_inputs CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/schemas/*.json"
     "${PROJECT_SOURCE_DIR}/tests/golden/*/input/*.json")
set(contractgen_pgo_stamp "${contractgen_pgo_dir}/trained")
add_custom_command(
  OUTPUT "${contractgen_pgo_stamp}"
  COMMAND ${CMAKE_COMMAND} "-DGENERATOR=${contractgen_pgo_trainer}" "-DPROFILE_DIR=${contractgen_pgo_dir}"
          "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}" "-DSTAMP=${contractgen_pgo_stamp}"
          -P "${PROJECT_SOURCE_DIR}/cmake/TrainProfile.cmake"
  DEPENDS "${contractgen_pgo_trainer}" ${contractgen_pgo_inputs} "${PROJECT_SOURCE_DIR}/cmake/TrainProfile.cmake"
  COMMENT "Training the generator's profile (CONTRACTGEN_PGO)"
  VERBATIM)
add_custom_target(contractgen_pgo_profile DEPENDS "${contractgen_pgo_stamp}")
add_dependencies(contractgen_pgo_profile contractgen_pgo_trainer)

# 3. The generator itself, compiled once the counts are there. A mismatch (a
#    profile older than its source) is reported, and GCC then compiles that
#    function without counts.
foreach(target contractgen_core contractgen)
  add_dependencies(${target} contractgen_pgo_profile)
  target_compile_options(${target} PRIVATE -fprofile-use -fprofile-partial-training "-fprofile-dir=${contractgen_pgo_dir}"
                         "-fprofile-prefix-path=${PROJECT_BINARY_DIR}" -Wno-missing-profile -Wno-error=coverage-mismatch)
endforeach()
# The embedded templates and runtimes are written into each build folder, so
# their one function sits in another file in each: GCC compiles it without
# counts (it fills a table once per run), and need not say so.
set_source_files_properties("${BUILTIN_TEMPLATES_CPP}" "${BUILTIN_RUNTIME_CPP}" PROPERTIES COMPILE_OPTIONS
                            -Wno-coverage-mismatch)
