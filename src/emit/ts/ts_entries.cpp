// A declaration's module code in the .js (its JSDoc types come from the
// module's own .d.ts, imported as `types`), and the entry points of a
// declared type (parse, safeParse, decode, encode).
#include "emit/ts/ts_family.h"
#include "emit/ts/ts_syntax.h"

namespace contractgen::emit::ts {

using render::Data;
using render::flag;

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
    e.set("decode_doc", "/**\n * " + summary + tolerant_note + "\n */");
    templates_.render_to("ts/entry.declare.mustache", e, out.dts);
    // The JavaScript's JSDoc names the declared types through `types`.
    const std::string own_name = own_type(name), own_tolerant = own_type(tolerant);
    const std::string own_decoded = generic ? own_name + " | " + own_tolerant : own_name;
    std::string js_doc = "/**\n * " + summary + tolerant_note;
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
