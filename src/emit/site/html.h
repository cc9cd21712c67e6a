// The reference site's text and addresses: everything that comes from the
// schemas is HTML-escaped here, before any template sees it (the templates
// do not escape), and every page's file name is decided once, up front.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ir/model.h"

namespace contractgen::emit::site {

// Text for an element or an attribute value: & < > " ' escaped; control and
// bidirectional characters shown as <U+XXXX> (emit/common/text.h).
std::string escape(const std::string& text);
// Schema prose: escaped, one <p> per paragraph (blank-line separated); line
// breaks inside a paragraph are kept by the style sheet (white-space: pre-line).
std::string paragraphs(const std::string& text);
// The first sentence of a description (up to ". " or a line break), escaped.
std::string summary(const std::string& text);
// JSON as written in the schema, escaped: on one line, or indented by two.
std::string inline_json(const ir::json& value);
std::string pretty_json(const ir::json& value);
// Text that goes inside <!-- ... -->: "--" cannot end the comment early.
std::string comment_safe(std::string text);

// Where every page lives, relative to the site folder. A family is a folder,
// each declaration a page in it; names keep [A-Za-z0-9_-] and are made
// unique without regard to case (case-insensitive file systems), "index"
// being the family's own page.
class Paths {
public:
    explicit Paths(const ir::Model& model);
    const std::string& family_dir(const std::string& family) const { return family_dirs_.at(family); }
    // "<family folder>/<Type>.html"
    const std::string& page(ir::DeclId id) const { return pages_.at(id); }
    // A link from a page at depth 1 (a family folder) or 0 (the index).
    std::string href(ir::DeclId id, int depth) const;
    std::string family_href(const std::string& family, int depth) const;

private:
    std::map<std::string, std::string> family_dirs_;
    std::vector<std::string> pages_;
};

std::string up(int depth);  // "" or "../"

}  // namespace contractgen::emit::site
