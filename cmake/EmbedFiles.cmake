# Compiles a folder of text files into the binary, so that `contractgen` works
# from any directory. Run as a script at build time with
#   -DSOURCE_DIR=... -DPATTERN=*.mustache -DFUNCTION=builtin_templates
#   -DHEADER=render/builtin_templates.h -DNAMESPACE=contractgen::render -DOUTPUT=...
# and writes a .cpp defining `FUNCTION()`: relative path → bytes, verbatim.
file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${PATTERN}")
list(SORT files)
set(body "")
set(entries "")
set(index 0)
foreach(name IN LISTS files)
  file(READ "${SOURCE_DIR}/${name}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," chars "${hex}")
  string(APPEND body "const char t${index}[] = {${chars} 0};\n")
  string(LENGTH "${hex}" hex_length)
  math(EXPR length "${hex_length} / 2")
  string(APPEND entries "        {\"${name}\", std::string_view(t${index}, ${length})},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE "${OUTPUT}.tmp"
"// Generated at build time by cmake/EmbedFiles.cmake from ${PATTERN} files.
#include \"${HEADER}\"
namespace ${NAMESPACE} {
namespace {
${body}}
const std::map<std::string, std::string_view>& ${FUNCTION}() {
    static const std::map<std::string, std::string_view> all = {
${entries}    };
    return all;
}
}
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
