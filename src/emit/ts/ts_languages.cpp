// What differs between a family's .js and .ts module, which come from the
// same view: the values each language spells (JSDoc against TypeScript
// annotations), the module templates rendered once for both
// (render/paired.h), and the entry points (parse, decode, encode).
#include "emit/ts/ts_family.h"

#include "emit/ts/ts_syntax.h"
#include "render/paired.h"

namespace contractgen::emit::ts {

using render::Data;
using render::flag;

// Every variable set_language spells per language (language_ included).
const std::set<std::string>& module_language_values() {
    static const std::set<std::string> names = {"ts_schema_type", "ts_param",   "ts_returns",      "reader_doc",
                                                "checked_reader", "union_cast", "values",          "alternatives",
                                                "ts_union_type",  "value",      "key_declaration", "kept_declaration",
                                                "value_statement"};
    return names;
}

const std::set<std::string>& entry_language_values() {
    static const std::set<std::string> names = {"decode_doc"};
    return names;
}

void FamilyView::set_language(Data& v, ir::DeclId id, Language language) {
    auto spell = [language](const std::string& js, const std::string& ts) {
        if (language == Language::JavaScript) return js;
        return language == Language::TypeScript ? ts : render::paired::value(js, ts);
    };
    v.set("ts", flag(language == Language::TypeScript));
    if (!ctx_.model.decl(id).is<ir::Constant>()) {
        const std::string type = reader_type(id);
        // A recursive schema's type cannot be inferred from itself: it is declared (z.ZodType<Node>).
        v.set("ts_schema_type", spell("", ctx_.model.decl(id).recursive ? ": " + zod_type(id) : ""));
        v.set("ts_param", spell("", ": rt.Decoder"));
        v.set("ts_returns", spell("", ": " + type));
        v.set("reader_doc", spell("/**\n * @param {rt.Decoder} d\n * @returns {" + type + "}\n */\n", ""));
    }
    for (const auto& [name, spelled] : language_) v.set(name, spell(spelled.first, spelled.second));
}

// The two modules differ only where `ts` sections and the language values
// say, so the template is rendered once for both when it allows that.
void FamilyView::render_module(const std::string& name, Data& v, ir::DeclId id, FamilyModule& out) {
    // A value spelt per language that the set does not name is not checked
    // against the template's lines: render twice then (paired.h).
    bool known = true;
    for (const auto& entry : language_) known = known && module_language_values().count(entry.first) > 0;
    if (known && templates_.pairs(name, "ts", module_language_values())) {
        set_language(v, id, Language::Both);
        if (templates_.render_pair(name, v, "ts", module_language_values(), out.js, out.ts)) return;
    }
    set_language(v, id, Language::JavaScript);
    templates_.render_to(name, v, out.js);
    set_language(v, id, Language::TypeScript);
    templates_.render_to(name, v, out.ts);
}

void FamilyView::entry_points(ir::DeclId id, FamilyModule& out) {
    const std::string& name = names_.of(id);
    const bool generic = types_.is_generic(id);
    const std::string tolerant = types_.decl_type(id, TypeMode::Tolerant);
    const std::string decoded = generic ? name + " | " + tolerant : name;
    Data e;
    e.set("name", name);
    e.set("read", model_.readers.at(id));
    e.set("parse", scope_.claim("parse" + name));
    e.set("safe_parse", scope_.claim("safeParse" + name));
    const std::string decode = scope_.claim("decode" + name), encode = scope_.claim("encode" + name);
    e.set("decode", decode);
    e.set("encode", encode);
    e.set("generic", flag(generic));
    e.set("tolerant_type", tolerant);
    e.set("decoded_type", decoded);
    e.set("max_depth", max_depth_);
    const std::string summary = "Decodes JSON text (a string, or UTF-8 bytes) as a {@link " + name +
                                "} under the contract's payload\n"
                                " * policy; throws an rt.DecodeError with the path and keyword of the first problem.";
    const std::string tolerant_note =
        generic ? "\n * With `{ tolerant: true }`, an unknown tag decodes to an rt.UnknownVariant." : "";
    const std::string ts_doc = "/**\n * " + summary + tolerant_note + "\n */";
    e.set("decode_doc", ts_doc);
    templates_.render_to("ts/entry.declare.mustache", e, out.dts);
    std::string js_doc = "/**\n * " + summary + tolerant_note;
    if (generic)
        js_doc +=
            "\n * @overload\n * @param {string | Uint8Array} text\n * @param {rt.StrictDecodeOptions} [options]\n"
            " * @returns {" +
            name +
            "}\n */\n/**\n * @overload\n * @param {string | Uint8Array} text\n"
            " * @param {rt.TolerantDecodeOptions} options\n * @returns {" +
            tolerant + "}\n */\n/**";
    js_doc += "\n * @param {string | Uint8Array} text\n * @param {rt.DecodeOptions} [options]\n * @returns {" +
              decoded + "}\n */";
    e.set("encode_doc",
          "/**\n * JSON text of `value`: members in schema order, numbers in the contract's canonical spelling.\n"
          " * @param {" +
              decoded + "} value\n * @returns {string}\n */");
    const std::string entry = "ts/entry.module.mustache";
    if (templates_.pairs(entry, "ts", entry_language_values())) {
        e.set("decode_doc", render::paired::value(js_doc, ts_doc));
        if (templates_.render_pair(entry, e, "ts", entry_language_values(), out.js, out.ts)) return;
    }
    e.set("decode_doc", ts_doc);
    e.set("ts", flag(true));
    templates_.render_to(entry, e, out.ts);
    e.set("decode_doc", js_doc);
    e.set("ts", flag(false));
    templates_.render_to(entry, e, out.js);
}

}  // namespace contractgen::emit::ts
