import { deepEqual } from "../internal/equal";
import { deepFreeze } from "../internal/freeze";
import { getOwn, hasOwn, isObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import type { ComponentTable } from "./components";
import type { Conflicts } from "./conflicts";
import type { MergeInput } from "./inputs";
import { componentNameOf } from "./references";
import { isOperationField, mapOperations, pathItemOperations } from "../internal/http-methods";

/** Path-item fields that apply to every operation below them. */
const INHERITED = ["parameters", "servers"] as const;

/**
 * The result's `paths` (or `webhooks`): path items by key, in order: base's, then each
 * source's new ones. Two documents' items for one path join into one item; the same method
 * twice is DUPLICATE_PATH.
 */
export class PathTable {
  /** The result's map, written as paths come (base's, then each source's new ones): its final order. */
  private readonly result: JsonObject = {};
  /** Each path's key and the document that first gave it, by position (the order they came). */
  private readonly keys: string[] = [];
  private readonly owners: MergeInput[] = [];
  /**
   * The position of the first path of each template (parameter names blanked: `/users/{}`);
   * the others with that template follow it in `siblings`. One map finds a path by its key
   * and catches `/users/{id}` against `/users/{userId}`: a lookup per path, not two.
   */
  private readonly templates = new Map<string, number>();
  /** The next path with the same template (`/u/{id}` after `/u/{userId}`), by position. */
  private readonly siblings = new Map<number, number>();
  /**
   * Paths two documents joined, by position: which document each method came from. Their
   * item in `result` is then a fresh object of merge's, frozen by toObject().
   */
  private readonly joined = new Map<number, Map<string, MergeInput>>();
  /** `x-` keys of the Paths Object: base's, then sources fill in what is missing. */
  private readonly extensions = new Map<string, unknown>();
  private unidentified = 0;

  constructor(
    private readonly group: "paths" | "webhooks",
    private readonly components: ComponentTable,
    private readonly conflicts: Conflicts,
  ) {}

  /** `item` is deeply frozen: it may be shared with the input, and goes into the result as it is. */
  add(input: MergeInput, key: string, item: JsonObject): void {
    // Webhook names are not templates: each is its own.
    const template = this.group === "paths" ? blankParameters(key) : key;
    const first = this.templates.get(template);
    let last = first;
    for (let position = first; position !== undefined; position = this.siblings.get(position)) {
      if (this.keys[position] === key) return this.join(position, input, key, item);
      last = position;
    }
    const position = this.keys.length;
    this.keys.push(key);
    this.owners.push(input);
    setOwn(this.result, key, item);
    if (last === undefined) this.templates.set(template, position);
    else this.siblings.set(last, position);
    // A conflict; the path is still added, so later documents are checked against both.
    const owner = first === undefined ? input : (this.owners[first] as MergeInput);
    if (owner !== input) {
      this.conflicts.add(
        "DUPLICATE_PATH",
        `${this.group}${propertyLabel(key)}`,
        `${input.label} defines this path and ${owner.label} defines ${this.group}${propertyLabel(this.keys[first as number] as string)}; they differ only in the names of path parameters, and OpenAPI treats them as one path. Use the same names in both, or give one document a pathPrefix with createMerge()`,
      );
    }
  }

  /** An `x-` key of the Paths Object, unless an earlier document gave it; `copy` makes the value ours. */
  addExtension(key: string, copy: () => unknown): void {
    if (!this.extensions.has(key)) this.extensions.set(key, copy());
  }

  /**
   * The result's map, deeply frozen, its `x-` keys after the paths; call it once, at the end.
   * Items come frozen (see add()); only those merge joined are frozen here, so that no item
   * is asked whether it is.
   */
  toObject(): JsonObject {
    const object = this.result;
    for (const position of this.joined.keys()) deepFreeze(getOwn(object, this.keys[position] as string));
    for (const [key, value] of this.extensions) setOwn(object, key, deepFreeze(value));
    return Object.freeze(object);
  }

  private join(position: number, input: MergeInput, key: string, original: JsonObject): void {
    let incoming = original;
    const current = getOwn(this.result, key) as JsonObject;
    const first = this.owners[position] as MergeInput;
    const where = `${this.group}${propertyLabel(key)}`;
    if (hasOwn(current, "$ref") || hasOwn(incoming, "$ref")) {
      const detail = `defined by both ${first.label} and ${input.label}, and one of them is a $ref to a Path Item defined elsewhere, which merge cannot join with another`;
      return this.conflicts.add("DUPLICATE_PATH", where, detail);
    }
    // A method both define is a conflict: the earlier document's operation stays, the rest joins.
    let methods = this.joined.get(position);
    const present = new Set(pathItemOperations(current).map(({ keys }) => keys.join(".")));
    for (const { keys } of pathItemOperations(incoming)) {
      const method = keys.join(".");
      if (!present.has(method)) continue;
      const owner = methods?.get(method) ?? first;
      const hint = this.group === "paths" ? "; createMerge({ pathPrefix }) can give each document paths of its own" : "";
      this.conflicts.add("DUPLICATE_PATH", `${where}.${method}`, `${(keys[1] ?? method).toUpperCase()} ${key} is defined by both ${owner.label} and ${input.label}${hint}`);
      if (incoming === original) incoming = { ...original };
      if (keys.length === 1) delete incoming[method];
      else {
        // An additional operation (3.2): its own copy of the map, without that method.
        const additional = { ...(incoming.additionalOperations as JsonObject) };
        delete additional[keys[1] as string];
        incoming.additionalOperations = additional;
      }
    }
    // The first join makes the item merge's own: a fresh object, in the same place in the map.
    let item = current;
    if (!methods) {
      this.joined.set(position, (methods = new Map()));
      for (const method of present) methods.set(method, first);
      item = { ...current };
      setOwn(this.result, key, item);
    }

    // Path-level parameters and servers apply to the operations below them. When the two
    // documents disagree, each document's move into its own operations, so that no
    // operation gains or loses one.
    let next = incoming;
    for (const field of INHERITED) {
      const mine = getOwn(item, field);
      const theirs = getOwn(next, field);
      if (deepEqual(mine ?? [], theirs ?? [])) continue;
      this.pushDown(item, field, mine);
      delete item[field];
      next = { ...next };
      this.pushDown(next, field, theirs);
      delete next[field];
    }
    for (const field of Object.keys(next)) {
      if (isOperationField(field)) {
        setOwn(item, field, next[field]);
        methods.set(field, input);
      } else if (field === "additionalOperations" && isObject(next[field]) && isObject(item[field])) {
        // 3.2's other methods: one map, each method from the document that has it.
        const joined: JsonObject = { ...(item[field] as JsonObject) };
        for (const method of Object.keys(next[field] as JsonObject)) {
          setOwn(joined, method, (next[field] as JsonObject)[method]);
          methods.set(`${field}.${method}`, input);
        }
        item[field] = joined;
      } else if (!hasOwn(item, field)) {
        // summary, description, x- keys: the first document's win, the others fill in.
        setOwn(item, field, next[field]);
      }
    }
  }

  /** Gives each operation of `item` the path-level `parameters` or `servers` it inherited. */
  private pushDown(item: JsonObject, field: (typeof INHERITED)[number], value: unknown): void {
    if (!Array.isArray(value) || value.length === 0) return;
    const next = mapOperations(item, (operation) => {
      // An operation's own servers already override the path's.
      if (field === "servers") return hasOwn(operation, "servers") ? undefined : { ...operation, servers: value };
      return { ...operation, parameters: this.inheritParameters(value, getOwn(operation, "parameters")) };
    });
    for (const key of Object.keys(next)) item[key] = next[key];
  }

  /** Path-level parameters the operation does not override (same name and `in`), then its own. */
  private inheritParameters(inherited: unknown[], own: unknown): unknown[] {
    const ownList = Array.isArray(own) ? own : [];
    const overridden = new Set(ownList.map((parameter) => this.parameterKey(parameter)));
    return [...inherited.filter((parameter) => !overridden.has(this.parameterKey(parameter))), ...ownList];
  }

  /** `in` and `name` of a parameter, following `#/components/parameters/...` references. */
  private parameterKey(parameter: unknown): string {
    let node = parameter;
    for (let hops = 0; hops < 16 && isObject(node) && typeof node.$ref === "string"; hops++) {
      const ref = node.$ref;
      const name = componentNameOf(ref, "parameters");
      const target = name === undefined ? undefined : this.components.get("parameters", name);
      if (target === undefined) return `$ref ${ref}`;
      node = target;
    }
    if (isObject(node) && typeof node.in === "string" && typeof node.name === "string") return `${node.in} ${node.name}`;
    // Not a parameter merge can identify: it overrides nothing and is never overridden.
    return `unidentified ${++this.unidentified}`;
  }
}

/** The name of the `components.pathItems` entry a path item is a bare `$ref` to, if it is one. */
export function pathItemComponentName(item: unknown): string | undefined {
  return isObject(item) ? componentNameOf(getOwn(item, "$ref"), "pathItems") : undefined;
}

/**
 * The path with each `{name}` blanked to `{}` (what `key.replace(/\{[^}]*\}/g, "{}")` gives):
 * the key itself when it has no `{`. Written out because it runs once per path.
 */
function blankParameters(key: string): string {
  let open = key.indexOf("{");
  if (open === -1) return key;
  let template = "";
  let from = 0;
  while (open !== -1) {
    const close = key.indexOf("}", open + 1);
    if (close === -1) break;
    template += key.slice(from, open + 1) + "}";
    from = close + 1;
    open = key.indexOf("{", from);
  }
  return from === 0 ? key : template + key.slice(from);
}
