/**
 * The properties of an object schema: added, removed, made required or optional, then each
 * kept one compared as a schema. A `readOnly` property is not part of a request, a
 * `writeOnly` one not part of a response: on the side where it is, it counts as absent.
 */
import { field, type Located, type Side } from "./context";
import { join, reportAt, type FramePair } from "./schema-pair";
import type { Direction } from "./levels";

/** Whether the property is left out of data flowing in `direction` (`readOnly` or `writeOnly` on it, or on one of its `allOf` parts). */
function hidden(side: Side, parts: readonly Located[] | undefined, direction: Direction): boolean {
  return parts === undefined || hasFlag(side, parts, direction === "request" ? "readOnly" : "writeOnly");
}

/** Whether `flag` is true on the schema or on one of its `allOf` parts. */
function hasFlag(side: Side, parts: readonly Located[], flag: string): boolean {
  return keyOf(side, parts, flag, true);
}

/** Whether the schema or one of its `allOf` parts has a `default`. */
function hasDefault(side: Side, parts: readonly Located[]): boolean {
  return keyOf(side, parts, "default", false);
}

/** Whether the schema or one of its `allOf` parts has `key` (true, when `isTrue`). */
function keyOf(side: Side, parts: readonly Located[], key: string, isTrue: boolean): boolean {
  const has = (node: unknown) => (isTrue ? field(node, key) === true : field(node, key) !== undefined);
  for (const part of parts) {
    const node = side.follow(part).node;
    if (has(node)) return true;
    const allOf = field(node, "allOf");
    if (Array.isArray(allOf) && allOf.some((branch) => has(side.follow({ node: branch, pointer: "" }).node))) return true;
  }
  return false;
}

/**
 * oasdiff's `-with-default` form of a request property made (or added) required: still an
 * error, as its default is the server's fallback. The id, and what the message adds.
 */
function requiredId(id: string, side: Side, parts: readonly Located[]): [string, string] {
  return hasDefault(side, parts) ? [`${id}-with-default`, " (it has a default, but a request without it is now refused)"] : [id, ""];
}

export function compareProperties(pair: FramePair): void {
  const { walk, frame, before, after } = pair;
  const { report, direction } = walk;
  const names = [...before.properties.keys()];
  for (const name of after.properties.keys()) if (!before.properties.has(name)) names.push(name);
  for (const name of names) {
    const [b, a] = [before.properties.get(name), after.properties.get(name)];
    const inBefore = !hidden(report.before, b, direction);
    const inAfter = !hidden(report.after, a, direction);
    const path = join(frame.path, name);
    const [wasRequired, isRequired] = [before.required.has(name), after.required.has(name)];
    const add = (id: string, at: Located, message: string) => reportAt(pair, id, at.pointer, message, path);
    const addRequired = (id: string, message: string) => {
      const [full, note] = requiredId(id, report.after, a as readonly Located[]);
      add(full, (a as readonly Located[])[0] as Located, message + note);
    };
    if (inBefore && !inAfter) {
      const at = (b as readonly Located[])[0] as Located;
      if (direction === "request") add("request-property-removed", at, "removed");
      else add(wasRequired ? "response-required-property-removed" : "response-optional-property-removed", at, `removed (it was ${wasRequired ? "required" : "optional"})`);
    } else if (!inBefore && inAfter) {
      const at = (a as readonly Located[])[0] as Located;
      if (direction === "request" && isRequired) addRequired("new-required-request-property", "added, required");
      else if (direction === "request") add("new-optional-request-property", at, "added, optional");
      else add(isRequired ? "response-required-property-added" : "response-optional-property-added", at, `added, ${isRequired ? "always present" : "optional"}`);
    } else if (inBefore && inAfter) {
      const at = (a as readonly Located[])[0] as Located;
      const prefix = direction === "request" ? "request-property" : "response-property";
      if (wasRequired !== isRequired && isRequired && direction === "request") addRequired("request-property-became-required", "became required");
      else if (wasRequired !== isRequired) add(`${prefix}-became-${isRequired ? "required" : "optional"}`, at, isRequired ? "became required" : "became optional");
      const [wasDeprecated, isDeprecated] = [hasFlag(report.before, b as readonly Located[], "deprecated"), hasFlag(report.after, a as readonly Located[], "deprecated")];
      if (wasDeprecated !== isDeprecated) add(`${prefix}-${isDeprecated ? "deprecated" : "reactivated"}`, at, isDeprecated ? "deprecated" : "no longer deprecated");
      walk.push({ before: b as readonly Located[], after: a as readonly Located[], scope: "property", path });
    }
  }
}
