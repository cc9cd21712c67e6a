# Release artifacts (scripts/package writes them into dist/; docs/install.md).
#
# The Python wheel: scikit-build-core (pyproject.toml) builds this tree and
# installs only the component python_wheel into the wheel, where
# packaging/python/contractgen/ finds the binary as contractgen/bin/contractgen.
# Left out of a plain `cmake --install` and of the tarball (EXCLUDE_FROM_ALL).
# scripts/package makes the tarball from the wheel's build folder, so the
# three artifacts carry one binary, compiled once.
if(NOT CONTRACTGEN_IS_TOP_LEVEL)
  return()
endif()
install(TARGETS contractgen RUNTIME DESTINATION contractgen/bin COMPONENT python_wheel EXCLUDE_FROM_ALL)

# The release tarball, contractgen-<version>-linux-<arch>.tar.gz (CPack): what
# `cmake --install` puts in a prefix (bin/contractgen and the CMake package,
# cmake/Install.cmake), so find_package(contractgen) works from the unpacked
# folder, with the license and the README beside them.
if(NOT CONTRACTGEN_INSTALL)
  return()
endif()
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
string(TOLOWER "${CMAKE_SYSTEM_NAME}" contractgen_system)
set(CPACK_GENERATOR TGZ)
set(CPACK_PACKAGE_NAME contractgen)
set(CPACK_PACKAGE_VENDOR "contractgen authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Schema-driven code generator (JSON Schema to C++, TypeScript + Zod, Pydantic, Go, OpenAPI, AsyncAPI)")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_FILE_NAME "contractgen-${PROJECT_VERSION}-${contractgen_system}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
