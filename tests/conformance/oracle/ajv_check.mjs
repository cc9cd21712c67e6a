// The oracle's cross-check: ajv (draft 2020-12) with ajv-formats.
// stdin: {"resources": {uri: schema}, "checks": [[uri, instance], ...]}
// stdout: a JSON array of booleans, one per check.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { resources, checks } = JSON.parse(Buffer.concat(chunks).toString("utf8"));

// strictRequired: false because the contract's `not: {required: [x]}` names
// members declared elsewhere; strict mode would refuse the schemas.
const ajv = new Ajv2020.default({ strict: false, strictRequired: false, allErrors: false, unicodeRegExp: true });
addFormats.default(ajv);
for (const [uri, schema] of Object.entries(resources)) ajv.addSchema(schema, uri);

const compiled = new Map();
const out = checks.map(([uri, instance]) => {
  if (!compiled.has(uri)) compiled.set(uri, ajv.compile({ $ref: uri }));
  return compiled.get(uri)(instance) === true;
});
process.stdout.write(JSON.stringify(out));
