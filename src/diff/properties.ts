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
  for (const part of parts) {
    const node = side.follow(part).node;
    if (field(node, flag) === true) return true;
    const allOf = field(node, "allOf");
    if (Array.isArray(allOf) && allOf.some((branch) => field(side.follow({ node: branch, pointer: "" }).node, flag) === true)) return true;
  }
  return false;
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
    if (inBefore && !inAfter) {
      const at = (b as readonly Located[])[0] as Located;
      if (direction === "request") add("request-property-removed", at, "removed");
      else add(wasRequired ? "response-required-property-removed" : "response-optional-property-removed", at, `removed (it was ${wasRequired ? "required" : "optional"})`);
    } else if (!inBefore && inAfter) {
      const at = (a as readonly Located[])[0] as Located;
      if (direction === "request") add(isRequired ? "new-required-request-property" : "new-optional-request-property", at, `added, ${isRequired ? "required" : "optional"}`);
      else add(isRequired ? "response-required-property-added" : "response-optional-property-added", at, `added, ${isRequired ? "always present" : "optional"}`);
    } else if (inBefore && inAfter) {
      const at = (a as readonly Located[])[0] as Located;
      const prefix = direction === "request" ? "request-property" : "response-property";
      if (wasRequired !== isRequired) add(`${prefix}-became-${isRequired ? "required" : "optional"}`, at, isRequired ? "became required" : "became optional");
      const [wasDeprecated, isDeprecated] = [hasFlag(report.before, b as readonly Located[], "deprecated"), hasFlag(report.after, a as readonly Located[], "deprecated")];
      if (wasDeprecated !== isDeprecated) add(`${prefix}-${isDeprecated ? "deprecated" : "reactivated"}`, at, isDeprecated ? "deprecated" : "no longer deprecated");
      walk.push({ before: b as readonly Located[], after: a as readonly Located[], scope: "property", path });
    }
  }
}
