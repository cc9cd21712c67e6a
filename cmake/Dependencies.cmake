# Every dependency comes from Debian's packages. A missing one stops
# configuration with the package to install (scripts/deps.sh apt installs all).

function(contractgen_require_package found package what)
  if(NOT ${found})
    message(FATAL_ERROR "contractgen needs ${what}: install the Debian package '${package}' "
                        "(apt-get install ${package}, or run scripts/deps.sh apt)")
  endif()
endfunction()

find_package(nlohmann_json 3.11 QUIET)
contractgen_require_package(nlohmann_json_FOUND nlohmann-json3-dev "nlohmann_json (JSON)")

find_package(CLI11 2.1 QUIET)
contractgen_require_package(CLI11_FOUND libcli11-dev "CLI11 (command line)")

find_path(KAINJOW_MUSTACHE_INCLUDE_DIR kainjow/mustache.hpp)
contractgen_require_package(KAINJOW_MUSTACHE_INCLUDE_DIR libkainjow-mustache-dev "kainjow mustache (templates)")

find_path(DTL_INCLUDE_DIR dtl/dtl.hpp)
contractgen_require_package(DTL_INCLUDE_DIR libdtl-dev "dtl (diffs for 'contractgen check')")

if(BUILD_TESTING)
  find_package(Catch2 2.13 QUIET)
  contractgen_require_package(Catch2_FOUND catch2 "Catch2 2.x (tests)")
endif()
