# How the generator compiles quickly from scratch (scripts/build on a fresh
# 2-core machine), its code unchanged.
#
# Most of contractgen's ~120 sources include nlohmann/json (through
# ir/model.h) and a dozen standard headers; parsing those again for every
# object file is most of a clean build. Unity builds cut that: the sources of
# contractgen_core are compiled in batches, each batch one translation unit,
# so the headers are parsed once a batch. Off for the sanitiser/fuzz
# configuration (its own flags); -DCONTRACTGEN_UNITY_BUILD=OFF compiles the
# sources one by one, for edit-compile cycles on one file (an edited source
# then recompiles alone instead of with its batch).
# A precompiled header of nlohmann/json and the standard headers was tried on
# top: no gain on a batch (22.4 s of CPU with it, 21.5 s without), and ccache
# does not cache what uses one. Measured in docs/install.md ("Build time").
option(CONTRACTGEN_UNITY_BUILD "Compile the generator's library in unity batches" ON)
set(CONTRACTGEN_UNITY_BATCH_SIZE 16 CACHE STRING "Sources per unity batch of contractgen_core")

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
      if(source MATCHES "(emit/python/python_target|emit/go/go_struct|emit/go/go_target|builtin_templates|builtin_runtime)\\.cpp$")
        set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
      endif()
    endforeach()
  endif()
endfunction()
