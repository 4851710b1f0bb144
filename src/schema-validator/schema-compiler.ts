import { SpecloomError } from "../errors";
import { encodeSegment } from "../internal/json-pointer";
import { isObject, type JsonObject } from "../internal/own";
import type { Compiler } from "./compiler";
import { inPlace } from "./evaluated";
import { arrayKeywords } from "./keywords-arrays";
import { logicKeywords } from "./keywords-logic";
import { objectKeywords } from "./keywords-objects";
import { valueKeywords } from "./keywords-values";
import { absolute, BASE, References, type Resource } from "./references";
import { allOf, fail, PASS, type Check, type Dialect } from "./types";
import { withUnevaluated } from "./unevaluated";

/** The deepest a schema may nest inside one node (references do not count: they are compiled flat). */
export const MAX_SCHEMA_NESTING = 256;

const REFUSE_ALL: Check = (_value, out, at) => fail(out, at, "no value is allowed here (the schema is false)");

/** A schema node being compiled: where it is and which resource its `#` fragments read. */
interface Site {
  readonly location: string;
  readonly resource: Resource;
  readonly depth: number;
}

/**
 * Compiles a document's schemas into closures, once per node: no `eval` or `new Function`
 * (it runs in Workers). A `$ref` becomes a cell filled when its target is compiled, so
 * recursive schemas work and references are compiled from a work list, not by recursion.
 * A loop of references and in-place subschemas that never moves into the value (`A` is
 * `allOf: [A]`) would never end: it is refused when compiled, as is a `$ref` to nothing.
 */
export class SchemaCompiler {
  private readonly compiled = new Map<object, Check>();
  private readonly pending: { node: JsonObject; site: Site; cell: { check: Check } }[] = [];
  /** In-place edges (a node to the schemas it applies to the same value), for the loop check. */
  private readonly edges = new Map<object, object[]>();
  private readonly state = new Map<object, "open" | "done">();
  /** Nodes built since the last loop check. */
  private fresh: object[] = [];
  private readonly references: References;

  constructor(document: unknown, readonly dialect: Dialect) {
    this.references = new References({ root: document, uri: BASE, location: "#" });
  }

  /** The check of the schema at `location` (a JSON Pointer into the document, for messages). */
  compile(node: unknown, location: string): Check {
    const check = this.node(node, { location, resource: this.references.document, depth: 0 });
    for (let next = this.pending.pop(); next !== undefined; next = this.pending.pop()) next.cell.check = this.build(next.node, next.site);
    const fresh = this.fresh;
    this.fresh = [];
    for (const built of fresh) this.checkLoops(built, location);
    return check;
  }

  private node(node: unknown, site: Site): Check {
    if (node === true) return PASS;
    if (node === false) return REFUSE_ALL;
    if (!isObject(node)) throw new SpecloomError("INVALID_DEFINITION", site.location, "expected a schema (an object or a boolean)");
    const known = this.compiled.get(node);
    if (known !== undefined) return known;
    if (site.depth > MAX_SCHEMA_NESTING) throw new SpecloomError("INVALID_DEFINITION", site.location, `the schema nests deeper than ${MAX_SCHEMA_NESTING} levels`);
    // A placeholder while the node compiles: a node that holds itself (a shared object) reads it.
    const cell = { check: PASS };
    this.compiled.set(node, (value, out, at, ev) => cell.check(value, out, at, ev));
    const check = this.build(node, site);
    cell.check = check;
    this.compiled.set(node, check);
    return check;
  }

  /** A `$ref`'s target, compiled later from the work list (never by recursion here). */
  private reference(node: JsonObject, keyword: "$ref" | "$dynamicRef" | "$recursiveRef", site: Site): Check {
    const ref = node[keyword];
    const at = `${site.location}/${keyword}`;
    if (typeof ref !== "string") throw new SpecloomError("INVALID_DEFINITION", at, "expected a string");
    const found = this.references.resolve(ref, site.resource);
    if (found === undefined) throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", at, `${JSON.stringify(ref)} names nothing in the document (bundle a document's external references into it first)`);
    if (typeof found.node === "boolean") return found.node ? PASS : REFUSE_ALL;
    if (!isObject(found.node)) throw new SpecloomError("INVALID_DEFINITION", at, `${JSON.stringify(ref)} names no schema`);
    this.edge(node, found.node);
    const known = this.compiled.get(found.node);
    if (known !== undefined) return known;
    const cell = { check: PASS };
    const delegate: Check = (value, out, at2, ev) => cell.check(value, out, at2, ev);
    this.compiled.set(found.node, delegate);
    this.pending.push({ node: found.node, site: { location: found.location, resource: found.resource, depth: 0 }, cell });
    return delegate;
  }

  private edge(from: object, to: unknown): void {
    if (to === null || typeof to !== "object") return;
    const list = this.edges.get(from);
    if (list === undefined) this.edges.set(from, [to]);
    else list.push(to);
  }

  private build(schema: JsonObject, site: Site): Check {
    this.fresh.push(schema);
    // 2020-12: a schema with an `$id` is a resource of its own; its `#/...` fragments read from it.
    const resource = this.dialect.openapi30 || typeof schema.$id !== "string" || schema === site.resource.root ? site.resource : { root: schema, uri: absolute(schema.$id, site.resource.uri), location: site.location };
    const here: Site = { ...site, resource };
    const refs: Check[] = [];
    for (const keyword of ["$ref", "$dynamicRef", "$recursiveRef"] as const) {
      if (schema[keyword] === undefined || (keyword !== "$ref" && this.dialect.openapi30)) continue;
      const target = this.reference(schema, keyword, here);
      refs.push((value, out, at, ev) => inPlace(target, value, out, at, ev));
    }
    // 3.0: a Reference Object is only a reference; its other fields are ignored.
    if (this.dialect.openapi30 && refs.length > 0) return refs[0] as Check;
    const compiler = this.keywordCompiler(schema, here);
    const checks = [...refs, ...valueKeywords(schema, compiler), ...objectKeywords(schema, compiler), ...arrayKeywords(schema, compiler), ...logicKeywords(schema, compiler)];
    let check = withUnevaluated(schema, compiler, allOf(checks));
    // 3.0: `nullable: true` admits null, whatever else the node says (as 3.0 documents mean it, `allOf` with a `$ref` included).
    if (this.dialect.openapi30 && schema.nullable === true) {
      const inner = check;
      check = (value, out, at, ev) => value === null || inner(value, out, at, ev);
    }
    return check;
  }

  private keywordCompiler(schema: JsonObject, site: Site): Compiler {
    const below = (keyword: string): Site => ({ location: `${site.location}/${keyword}`, resource: site.resource, depth: site.depth + 1 });
    return {
      dialect: this.dialect,
      sub: (node, keyword) => this.node(node, below(keyword)),
      inPlace: (node, keyword) => {
        this.edge(schema, node);
        return this.node(node, below(keyword));
      },
      regex: (pattern, keyword) => {
        if (typeof pattern !== "string") throw new SpecloomError("INVALID_DEFINITION", `${site.location}/${keyword}`, "expected a regular expression");
        try {
          return new RegExp(pattern, "u");
        } catch (error) {
          throw new SpecloomError("INVALID_DEFINITION", `${site.location}/${keyword}`, `${JSON.stringify(pattern)} is not a regular expression (${(error as Error).message})`);
        }
      },
      target: (node) => {
        let current = node;
        for (let hops = 0; isObject(current) && typeof current.$ref === "string" && hops < 64; hops++) current = this.references.resolve(current.$ref, site.resource)?.node;
        return isObject(current) ? current : undefined;
      },
      refuse: (keyword, detail) => {
        throw new SpecloomError("INVALID_DEFINITION", `${site.location}/${encodeSegment(keyword).replace(/~1/g, "/")}`, detail);
      },
    };
  }

  /** Refuses a loop of in-place edges from `root` (an explicit depth-first walk; nodes already cleared are skipped). */
  private checkLoops(root: object, location: string): void {
    const stack: { node: object; next: number }[] = [];
    const enter = (node: object) => {
      const state = this.state.get(node);
      if (state === "done") return;
      if (state === "open") throw new SpecloomError("INVALID_DEFINITION", location, "the schema applies itself to the same value without end (a loop of $ref or allOf/anyOf/oneOf that never moves into a property or item)");
      this.state.set(node, "open");
      stack.push({ node, next: 0 });
    };
    enter(root);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { node: object; next: number };
      const targets = this.edges.get(top.node) ?? [];
      if (top.next < targets.length) enter(targets[top.next++] as object);
      else {
        this.state.set(top.node, "done");
        stack.pop();
      }
    }
  }
}
