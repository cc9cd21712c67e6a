# -DCONTRACTGEN_STATIC_DEPS=ON: a generator that runs on a Linux machine
# without the libraries it was built with (the wheel, the npm package and the
# release tarball of scripts/package).
#
# Debian ships static archives of RE2, PCRE2, libyaml, libcrypto and jemalloc: they are linked
# in, and so are libstdc++ and libgcc; toml++ is compiled in (header-only).
# What is left dynamic is glibc (libc,
# libm, and on older glibc libpthread and libdl), which every manylinux system
# provides; libcurl was never linked (`verify --url` loads it when it runs,
# src/verify/curl_library.h). Included by Dependencies.cmake before anything
# is found, since it changes which files find_library() takes.
option(CONTRACTGEN_STATIC_DEPS "Link RE2, PCRE2, libyaml, libcrypto, jemalloc, libstdc++ and libgcc statically into contractgen"
       OFF)
if(NOT CONTRACTGEN_STATIC_DEPS)
  return()
endif()
# find_library() and pkg-config's IMPORTED_TARGET then take lib<name>.a.
set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
set(OPENSSL_USE_STATIC_LIBS TRUE)

function(contractgen_portable_link target)
  target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc)
endfunction()
