/**
 * The `content` of a request body, a response or a parameter: media types added and removed,
 * and the schema (and 3.2's `itemSchema`, the schema of each item of a stream) of each media
 * type both have, compared in the direction the data flows.
 */
import { isObject } from "../internal/own";
import { child, entriesOf, field, type Found, type Located, type Scope } from "./context";
import type { Direction } from "./levels";
import { compareSchemas } from "./schema-walk";

/** `application/json; charset=utf-8` and `Application/JSON;charset=UTF-8` are one media type. */
function mediaKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "");
}

export interface ContentCheck {
  readonly direction: Direction;
  /** `the request body` or `the response 200`. */
  readonly what: string;
  readonly added: string;
  readonly removed: string;
}

export function compareContent(scope: Scope, before: Found, after: Found, check: ContentCheck): void {
  const media = (owner: Found) => {
    const map = new Map<string, Located & { name: string }>();
    const content = field(owner.node, "content");
    for (const [name, value] of entriesOf(content)) map.set(mediaKey(name), { node: value, pointer: child(owner.pointer, "content", name), name });
    return map;
  };
  const [was, is] = [media(before), media(after)];
  const { report, operation } = scope;
  for (const [key, entry] of was) {
    const match = is.get(key);
    if (match === undefined) report.add(check.removed, entry.pointer, `${check.what}: the media type ${entry.name} was removed`, operation);
    else {
      for (const keyword of ["schema", "itemSchema"]) {
        const [old, now] = [field(entry.node, keyword), field(match.node, keyword)];
        if (isObject(old) && isObject(now)) {
          const root = `${check.what} (${match.name}${keyword === "itemSchema" ? ", each item" : ""})`;
          compareSchemas(scope, check.direction, root, "body", { node: old, pointer: child(entry.pointer, keyword) }, { node: now, pointer: child(match.pointer, keyword) });
        }
      }
    }
  }
  for (const [key, entry] of is) if (!was.has(key)) report.add(check.added, entry.pointer, `${check.what}: the media type ${entry.name} was added`, operation);
}
