#include "write/output_set.h"

namespace contractgen::write {

void OutputSet::add(const std::string& path, std::string content) {
    if (!files_.emplace(path, std::move(content)).second)
        throw std::logic_error("two emitters produced the same output file '" + path + "'");
}

std::string normalise_text(std::string text) {
    std::string out;
    out.reserve(text.size() + 1);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
        out += text[i];
    }
    while (!out.empty() && out.back() == '\n') out.pop_back();
    out += '\n';
    return out;
}

}  // namespace contractgen::write
