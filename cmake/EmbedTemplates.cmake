# Compiles templates/ into the binary: run as a script at build time with
#   -DTEMPLATE_DIR=... -DOUTPUT=... ; writes a .cpp defining builtin_templates().
file(GLOB_RECURSE files RELATIVE "${TEMPLATE_DIR}" "${TEMPLATE_DIR}/*.mustache")
list(SORT files)
set(body "")
set(entries "")
set(index 0)
foreach(name IN LISTS files)
  file(READ "${TEMPLATE_DIR}/${name}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," chars "${hex}")
  string(APPEND body "const char t${index}[] = {${chars} 0};\n")
  string(LENGTH "${hex}" hex_length)
  math(EXPR length "${hex_length} / 2")
  string(APPEND entries "        {\"${name}\", std::string_view(t${index}, ${length})},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE "${OUTPUT}.tmp"
"// Generated at build time from templates/ by cmake/EmbedTemplates.cmake.
#include \"render/builtin_templates.h\"
namespace contractgen::render {
namespace {
${body}}
const std::map<std::string, std::string_view>& builtin_templates() {
    static const std::map<std::string, std::string_view> all = {
${entries}    };
    return all;
}
}
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
