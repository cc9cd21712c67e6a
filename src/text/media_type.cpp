#include "text/media_type.h"

namespace contractgen::text {

std::string media_type_essence(std::string_view content_type) {
    std::string out(content_type.substr(0, content_type.find(';')));
    while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) out.pop_back();
    std::size_t start = out.find_first_not_of(" \t");
    out = start == std::string::npos ? std::string() : out.substr(start);
    for (char& ch : out)
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    return out;
}

}  // namespace contractgen::text
