import { DocumentSchemas } from "./src/schema-validator/index";
const s = { $defs: { n: { type: "integer" } }, properties: { a: { $ref: "#/$defs/n", minimum: 1 } } };
const o = new DocumentSchemas({ openapi: "3.1.0" }, "response").validator(s, "#");
console.log(o({constructor: 0}), o({a: 1}));
const s2 = { prefixItems: [{ type: "string" }], contains: { type: "integer" }, unevaluatedItems: false };
console.log(new DocumentSchemas({ openapi: "3.1.0" }, "response").validator(s2, "#")(["a", 1, true]));
