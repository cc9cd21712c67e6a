# The training run of the profile-guided build (cmake/ProfileGuided.cmake):
# the instrumented generator does what users ask of it most, on this
# repository's schemas (every target, then check and lint) and on the golden
# contracts (every construct, hostile text, a second contract's operations),
# writing into the profile folder; its counts land there as *.gcda files.
#
#   cmake -DGENERATOR=<instrumented contractgen> -DPROFILE_DIR=<dir> -DSOURCE_DIR=<repository>
#         -DSTAMP=<file touched when done> -P TrainProfile.cmake
foreach(var GENERATOR PROFILE_DIR SOURCE_DIR STAMP)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "TrainProfile.cmake: -D${var}=... is required")
  endif()
endforeach()

# Counts of an earlier training would be added to (or, for a changed source,
# clash with) this one's.
file(GLOB old_counts "${PROFILE_DIR}/*.gcda")
if(old_counts)
  file(REMOVE ${old_counts})
endif()
set(work "${PROFILE_DIR}/work")
file(REMOVE_RECURSE "${work}")
file(MAKE_DIRECTORY "${work}")

function(train)
  execute_process(COMMAND "${GENERATOR}" ${ARGN} WORKING_DIRECTORY "${work}" RESULT_VARIABLE status
                  OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    string(JOIN " " command ${ARGN})
    message(FATAL_ERROR "profile training failed (exit ${status}): contractgen ${command}\n${out}")
  endif()
endfunction()

set(schemas "${SOURCE_DIR}/schemas")
train(generate --quiet --config "${SOURCE_DIR}/contractgen.toml" --schemas "${schemas}" --out "${work}/repository")
train(check --quiet --config "${SOURCE_DIR}/contractgen.toml" --schemas "${schemas}" --out "${work}/repository")
train(lint --quiet --config "${SOURCE_DIR}/contractgen.toml" --schemas "${schemas}")
foreach(case constructs hostile operations)
  set(config "")
  if(EXISTS "${SOURCE_DIR}/tests/golden/${case}/contractgen.toml")
    set(config --config "${SOURCE_DIR}/tests/golden/${case}/contractgen.toml")
  endif()
  train(generate --quiet ${config} --schemas "${SOURCE_DIR}/tests/golden/${case}/input" --out "${work}/${case}")
endforeach()

# The optimised build looks for each object's counts under the object's path
# in its build folder; a build folder GCC sees under another path (through a
# symbolic link, say) would leave them all unfound, and the optimised build
# would silently be a plain one.
if(NOT EXISTS "${PROFILE_DIR}/CMakeFiles#contractgen.dir#src#main.cpp.gcda")
  file(GLOB counts RELATIVE "${PROFILE_DIR}" "${PROFILE_DIR}/*main.cpp.gcda")
  message(FATAL_ERROR "profile training wrote its counts under other names than the optimised build looks "
                      "for (in ${PROFILE_DIR}: ${counts}); configure with -DCONTRACTGEN_PGO=OFF to build without it")
endif()
file(REMOVE_RECURSE "${work}")
file(TOUCH "${STAMP}")
