// What an editor shows: every $defs type of the schemas is a named type of
// the package's declarations, documented with its schema description, and
// every property description is the JSDoc of its member. Read with the
// TypeScript compiler API from generated/ts/*.d.ts, as an editor reads them.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import ts from "typescript";

import { readJson, root } from "./helpers.js";

type Def = { description?: string; properties?: Record<string, { description?: string }> };

/** Whitespace-insensitive text (doc comments are wrapped at 100 columns). */
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

function program(dir: string) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".d.ts")).map((f) => join(dir, f));
  const p = ts.createProgram(files, { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: [] });
  return { p, checker: p.getTypeChecker() };
}

test("every schema description is JSDoc in the declarations: types and their members", () => {
  const { p, checker } = program(join(root, "generated/ts"));
  let types = 0, members = 0;
  for (const family of readdirSync(join(root, "schemas"), { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const source = p.getSourceFile(join(root, "generated/ts", `${family.name}.d.ts`));
    assert.ok(source !== undefined, `generated/ts/${family.name}.d.ts`);
    const module = checker.getSymbolAtLocation(source);
    assert.ok(module !== undefined);
    const exports = new Map(checker.getExportsOfModule(module).map((s) => [s.name, s]));
    for (const file of readdirSync(join(root, "schemas", family.name)).filter((f) => f.endsWith(".schema.json"))) {
      const defs = (readJson(`schemas/${family.name}/${file}`) as { $defs?: Record<string, Def> }).$defs ?? {};
      for (const [name, def] of Object.entries(defs)) {
        if (def.properties === undefined) continue;  // structs (other kinds are type aliases, checked by the type tests)
        const symbol = exports.get(name);
        assert.ok(symbol !== undefined && (symbol.flags & ts.SymbolFlags.Interface || symbol.flags & ts.SymbolFlags.TypeAlias),
                  `${family.name}.${name} is a named type`);
        if (def.description !== undefined) {
          const doc = flat(ts.displayPartsToString(symbol.getDocumentationComment(checker)));
          assert.ok(doc.includes(flat(def.description)), `doc of ${family.name}.${name}: ${doc}`);
          types++;
        }
        const type = checker.getDeclaredTypeOfSymbol(symbol);
        for (const [property, schema] of Object.entries(def.properties)) {
          if (schema.description === undefined) continue;
          const member = checker.getPropertyOfType(type, property);
          assert.ok(member !== undefined, `${family.name}.${name} has a member ${property}`);
          const doc = flat(ts.displayPartsToString(member.getDocumentationComment(checker)));
          assert.ok(doc.includes(flat(schema.description)), `doc of ${family.name}.${name}.${property}: ${doc}`);
          members++;
        }
      }
    }
  }
  // The schemas hold 67 documented structs and 282 documented properties of
  // top-level $defs today (counted with a Python one-liner over schemas/):
  // the loop above must have seen about that many.
  assert.ok(types >= 60 && members >= 250, `checked ${types} type docs and ${members} member docs`);
});

test("the declarations carry no provenance: where a rule comes from stays in the schemas' $comment", () => {
  const provenance = /\b[Ss][Ee][Ee][Dd][Ss]?\b|\bNYQST\b|\b\w+Mixin\b|SDK event class|Optional\[|default_factory/;
  const dir = join(root, "generated/ts");
  const files = readdirSync(dir).filter((f) => (f.endsWith(".d.ts") || f.endsWith(".js")) && !f.startsWith("runtime."));
  assert.ok(files.length >= 14, files.join(", "));
  const found: string[] = [];
  for (const f of files)
    readFileSync(join(dir, f), "utf8").split("\n").forEach((line, i) => {
      if (provenance.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`);
    });
  assert.deepStrictEqual(found, []);
});
