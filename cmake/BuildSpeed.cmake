# How the generator compiles quickly from scratch (scripts/build on a fresh
# 2-core machine), its code unchanged.
#
# Most of contractgen's ~120 sources include nlohmann/json (through
# ir/model.h) and a dozen standard headers; parsing those again for every
# object file is most of a clean build. Two CMake features cut that:
#   - unity builds: the sources of contractgen_core are compiled in batches,
#     each batch one translation unit, so the headers are parsed once a batch;
#   - a precompiled header of the heavy headers every batch includes.
# Both are off for the sanitiser/fuzz configuration (its own flags) and can be
# turned off for edit-compile cycles on one file (-DCONTRACTGEN_UNITY_BUILD=OFF):
# an edited source then recompiles alone instead of with its batch.
# Measured in docs/install.md ("Build time").
option(CONTRACTGEN_UNITY_BUILD "Compile the generator's library in unity batches" ON)
set(CONTRACTGEN_UNITY_BATCH_SIZE 16 CACHE STRING "Sources per unity batch of contractgen_core")
option(CONTRACTGEN_PRECOMPILED_HEADERS "Precompile nlohmann/json and the standard headers for the generator" ON)

function(contractgen_speed_up target)
  if(CONTRACTGEN_FUZZ)
    return()
  endif()
  if(CONTRACTGEN_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${CONTRACTGEN_UNITY_BATCH_SIZE})
    # Compiled alone: a source whose file-local helpers share a name with
    # those a using-directive brings in from another emitter of its batch
    # (ambiguous overloads in one translation unit), and the embedded
    # templates and runtimes (large tables, nothing to share).
    get_target_property(sources ${target} SOURCES)
    foreach(source IN LISTS sources)
      if(source MATCHES "(emit/python/python_target|emit/go/go_struct|builtin_templates|builtin_runtime)\\.cpp$")
        set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
      endif()
    endforeach()
  endif()
  if(CONTRACTGEN_PRECOMPILED_HEADERS)
    target_precompile_headers(${target} PRIVATE <nlohmann/json.hpp> <algorithm> <map> <optional> <set> <string>
                              <string_view> <vector> <functional> <filesystem> <variant>)
  endif()
endfunction()
