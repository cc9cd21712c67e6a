# `cmake --install` of the generator as a CMake package:
#   bin/contractgen
#   lib/cmake/contractgen/contractgenConfig.cmake (+ ConfigVersion, Targets,
#     ContractgenGenerate.cmake)
# so that a project outside this repository can write
#   find_package(contractgen CONFIG REQUIRED)
#   contractgen_generate(my_contract SCHEMAS ... OUT ...)
# and get contractgen::contractgen (the generator, which contractgen_generate()
# runs), contractgen::bindings_requirements (C++17 and nlohmann_json, what
# generated C++ needs) and the function. The templates and runtimes are
# compiled into the binary, so nothing else is installed.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CONTRACTGEN_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/contractgen"
    CACHE STRING "Where the contractgen CMake package is installed, below the prefix")

install(TARGETS contractgen contractgen_bindings_requirements EXPORT contractgenTargets
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(EXPORT contractgenTargets NAMESPACE contractgen:: DESTINATION "${CONTRACTGEN_INSTALL_CMAKEDIR}")

# contractgen_generate() declares the C++ runtime's sources as byproducts of
# the generation; in the source tree it lists runtime/cpp/src, installed it
# reads this list, taken when the package was configured.
file(GLOB_RECURSE CONTRACTGEN_RUNTIME_SOURCES RELATIVE "${PROJECT_SOURCE_DIR}/runtime/cpp/src" CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/runtime/cpp/src/*.cpp")
list(SORT CONTRACTGEN_RUNTIME_SOURCES)
configure_package_config_file(cmake/contractgenConfig.cmake.in "${PROJECT_BINARY_DIR}/contractgenConfig.cmake"
                              INSTALL_DESTINATION "${CONTRACTGEN_INSTALL_CMAKEDIR}")
# 0.x: a minor version may break the command line or the output.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/contractgenConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/contractgenConfig.cmake" "${PROJECT_BINARY_DIR}/contractgenConfigVersion.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/ContractgenGenerate.cmake"
        DESTINATION "${CONTRACTGEN_INSTALL_CMAKEDIR}")
