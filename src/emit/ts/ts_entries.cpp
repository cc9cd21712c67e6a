// A declaration's module code in the .js (its JSDoc types come from the
// module's own .d.ts, imported as `types`), and the entry points of a
// declared type (parse, safeParse, decode, encode).
#include "emit/common/text.h"
#include "emit/ts/ts_family.h"
#include "emit/ts/ts_syntax.h"

namespace contractgen::emit::ts {

using render::Data;
using render::flag;

namespace {

// Prose of an entry point's doc comment, wrapped as the schema docs are (emit::doc_lines).
std::vector<std::string> entry_prose(const std::string& text) {
    ir::Docs docs;
    docs.title = text;
    return doc_lines(docs);
}

// An entry point's doc comment: `/** text */` when the line stays within the
// printer's width, else the text wrapped on lines of its own.
std::string entry_doc(const std::string& text) {
    const std::string line = "/** " + text + " */";
    if (Printer(printer_style()).columns(line) <= printer_style().width) return line + "\n";
    return jsdoc_lines(entry_prose(text), "");
}

// `export declare function name(params): returns;`, the parameters one a
// line when the line would pass the width (printer.h).
std::string declared_function(const std::string& name, std::vector<std::string> params, const std::string& returns) {
    // The return type is text of the line, not a substitution: the list measures the rest of its line as written.
    std::string after = "): ";
    for (char c : returns) after += c == '$' ? "$$" : std::string(1, c);
    Printer p(printer_style());
    p.emit({{"name", name}, Printer::Sub::list("params", std::move(params))},
           "export declare function $name$($params$" + after + ";\n");
    std::string out = p.take();
    out.pop_back();  // the template ends the line
    return out;
}

}  // namespace

void FamilyView::render_module(const std::string& name, Data& v, ir::DeclId id, FamilyModule& out) {
    const ir::Decl& d = ctx_.model.decl(id);
    // A recursive schema's type cannot be inferred from itself: it is declared.
    v.set("schema_doc", d.recursive ? "/** @type {" + zod_type(id, true) + "} */\n" : std::string());
    if (!d.is<ir::Constant>())
        v.set("reader_doc", "/**\n * @param {rt.Decoder} d\n * @returns {" + own_type(reader_type(id)) + "}\n */\n");
    templates_.render_to(name, v, out.js);
}

void FamilyView::entry_points(ir::DeclId id, FamilyModule& out) {
    const std::string& name = names_.of(id);
    const bool generic = types_.is_generic(id);
    const std::string tolerant = types_.decl_type(id, TypeMode::Tolerant);
    const std::string decoded = generic ? name + " | " + tolerant : name;
    Data e;
    e.set("name", name);
    e.set("read", model_.readers.at(id));
    const std::string parse = scope_.claim("parse" + name), safe_parse = scope_.claim("safeParse" + name);
    e.set("parse", parse);
    e.set("safe_parse", safe_parse);
    const std::string decode = scope_.claim("decode" + name), encode = scope_.claim("encode" + name);
    e.set("decode", decode);
    e.set("encode", encode);
    e.set("generic", flag(generic));
    e.set("tolerant_type", tolerant);
    e.set("decoded_type", decoded);
    e.set("max_depth", max_depth_);
    e.set("parse_doc", entry_doc("Validates `data` (a value, such as JSON.parse returns) as a {@link " + name +
                                 "}; throws a ZodError."));
    e.set("parse_signature", declared_function(parse, {"data: unknown"}, name));
    e.set("safe_parse_doc",
          entry_doc("Like {@link " + parse + "}, but returns `{ success, data }` or `{ success, error }`."));
    e.set("safe_parse_signature",
          declared_function(safe_parse, {"data: unknown"}, "z.ZodSafeParseResult<" + name + ">"));
    e.set("encode_signature", declared_function(encode, {"value: " + decoded}, "string"));
    std::vector<std::string> summary = entry_prose(
        "Decodes JSON text (a string, or UTF-8 bytes) as a {@link " + name +
        "} under the contract's payload policy; throws an rt.DecodeError with the path and keyword of the first "
        "problem.");
    if (generic)
        for (std::string& line :
             entry_prose("With `{ tolerant: true }`, an unknown tag decodes to an rt.UnknownVariant."))
            summary.push_back(std::move(line));
    std::string dts_doc = jsdoc_lines(summary, "");
    dts_doc.pop_back();  // the template ends the line
    e.set("decode_doc", dts_doc);
    templates_.render_to("ts/entry.declare.mustache", e, out.dts);
    // The JavaScript's JSDoc names the declared types through `types`.
    const std::string own_name = own_type(name), own_tolerant = own_type(tolerant);
    const std::string own_decoded = generic ? own_name + " | " + own_tolerant : own_name;
    std::string js_doc = "/**";
    for (const std::string& line : summary) js_doc += "\n * " + line;
    if (generic)
        js_doc +=
            "\n * @overload\n * @param {string | Uint8Array} text\n * @param {rt.StrictDecodeOptions} [options]\n"
            " * @returns {" +
            own_name +
            "}\n */\n/**\n * @overload\n * @param {string | Uint8Array} text\n"
            " * @param {rt.TolerantDecodeOptions} options\n * @returns {" +
            own_tolerant +
            "}\n */\n/**\n * @overload\n * @param {string | Uint8Array} text\n"
            " * @param {rt.DecodeOptions} [options]\n * @returns {" +
            own_decoded + "}\n */\n/**";
    js_doc += "\n * @param {string | Uint8Array} text\n * @param {rt.DecodeOptions} [options]\n * @returns {" +
              own_decoded + "}\n */";
    e.set("decode_doc", js_doc);
    e.set("encode_doc",
          "/**\n * JSON text of `value`: members in schema order, numbers in the contract's canonical spelling.\n"
          " * @param {" +
              own_decoded + "} value\n * @returns {string}\n */");
    templates_.render_to("ts/entry.module.mustache", e, out.js);
}

}  // namespace contractgen::emit::ts
