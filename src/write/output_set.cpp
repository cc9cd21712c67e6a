#include "write/output_set.h"

namespace contractgen::write {

void OutputSet::add(const std::string& path, std::string content) {
    // Memory: bench/README.md, "Shrinking rendered text". Text with little
    // spare room (the renderer sizes a spliced file exactly) keeps it: the
    // shrink would copy megabytes to save a few bytes.
    if (content.capacity() - content.size() > content.size() / 16) content.shrink_to_fit();
    if (!files_.emplace(path, std::move(content)).second)
        throw std::logic_error("two emitters produced the same output file '" + path + "'");
}

void OutputSet::add_runtime(const std::string& path, std::string content) {
    add(path, std::move(content));
    runtime_.insert(path);
}

void OutputSet::merge(OutputSet&& other) {
    for (auto& [path, content] : other.files_) add(path, std::move(content));
    runtime_.merge(other.runtime_);
    other.files_.clear();
    other.runtime_.clear();
}

void OutputSet::drop_runtime() {
    for (const auto& path : runtime_) files_.erase(path);
    runtime_.clear();
}

std::string normalise_text(std::string text) {
    // Templates are written with LF; only user overrides may bring CRLF.
    if (text.find('\r') != std::string::npos) {
        std::string out;
        out.reserve(text.size());
        for (std::size_t i = 0; i < text.size(); ++i)
            if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) out += text[i];
        text = std::move(out);
    }
    while (!text.empty() && text.back() == '\n') text.pop_back();
    text += '\n';
    return text;
}

}  // namespace contractgen::write
