// Lifted types and their names. An anonymous object, enum or union found
// inside a schema gets a declaration of its own, named after where it was
// found: the named type it sits in, then each step down (a property's name
// in Pascal case, "Item", "Value", "Entry", a variant's title or
// "Variant<n>", a JSON kind). A lifted name never takes one that is already
// used in the family; a clash gets "_2", "_3"…, the first that is free: the
// rule the naming pass applies to identifiers (naming/namer.h), which sees
// the wanted name and so gives the identifier the same suffix.
#include <utility>

#include "ir/build/builder.h"
#include "naming/words.h"

namespace contractgen::ir::builder {

std::string pascal(const std::string& s) {
    std::string p = naming::to_case(s, naming::Case::Pascal);
    return p.empty() ? "Field" : p;
}

std::string Hint::name() const {
    std::string n = parent ? parent->name() : std::string();
    n += property ? pascal(std::string(fragment)) : std::string(fragment);
    return n;
}

const char* kind_suffix(unsigned bit) {
    switch (bit) {
        case kNull: return "Null";
        case kBool: return "Boolean";
        case kObject: return "Object";
        case kArray: return "Array";
        case kString: return "String";
        case kInt: return "Integer";
        default: return "Number";
    }
}

std::string variant_suffix(const json& alt, std::size_t index) {
    if (alt.is_object() && alt.contains("title") && alt["title"].is_string()) {
        std::string t = naming::to_case(alt["title"].get<std::string>(), naming::Case::Pascal);
        if (!t.empty()) return t;
    }
    return "Variant" + std::to_string(index + 1);
}

DeclId Builder::add_decl(const std::string& family, const std::string& name, bool lifted, const Location& loc) {
    Decl d;
    d.family = family;
    d.name = name;
    d.wanted_name = name;
    d.lifted = lifted;
    d.body = Alias{};
    d.origin = origin_of(loc);
    model_.decls.push_back(std::move(d));
    taken_names_[family].insert(name);
    return model_.decls.size() - 1;
}

// Lifted names never shadow declared (or earlier lifted) ones.
DeclId Builder::add_lifted(const std::string& family, const std::string& wanted, const Location& loc) {
    auto& taken = taken_names_[family];
    std::string name = wanted;
    for (int n = 2; taken.count(name); ++n) name = wanted + "_" + std::to_string(n);
    DeclId id = add_decl(family, name, true, loc);
    model_.decls[id].wanted_name = wanted;
    return id;
}

// Places a declaration body: into the named declaration being defined,
// or lifted under the hint's name.
TypeExpr Builder::put_decl(DeclBody body, const Location& at, const Hint& hint, const Docs& docs) {
    DeclId id;
    if (hint.into && !filled_.count(*hint.into)) {
        id = *hint.into;
        filled_.insert(id);
    } else {
        id = add_lifted(hint.family, hint.name(), at);
    }
    model_.decls[id].body = std::move(body);
    model_.decls[id].docs = docs;
    TypeExpr t;
    t.kind = Kind::Named;
    t.decl = id;
    return t;
}

}  // namespace contractgen::ir::builder
