import { SpecloomError } from "../errors";
import type { JsonObject } from "../internal/own";
import type { OpenAPIVersion } from "../types/definition";
import { copyModelList, type ModelContext } from "./object-model";
import { hasVersion } from "./version";

/** Tag Object fields 3.2 added; earlier versions do without them (`parent` becomes `x-tagGroups`). */
const TAG_FIELDS_32 = ["summary", "parent", "kind"] as const;

/** A document's tags, and the `x-tagGroups` that carry their hierarchy before 3.2. */
export interface WrittenTags {
  tags: JsonObject[];
  tagGroups?: { name: string; tags: string[] }[];
}

/**
 * The `tags` option, checked as 3.2 Tag Objects: each name once, and each `parent` names a
 * tag of the list without a cycle (3.2: "The named tag MUST exist in the API description,
 * and circular references between parent and child tags MUST NOT be used"). For 3.0.3 and
 * 3.1.0, `summary` and `kind` are dropped and the hierarchy is written as `x-tagGroups`.
 */
export function writeTags(value: unknown, version: OpenAPIVersion, models: ModelContext): WrittenTags {
  const tags = copyModelList("Tag", value, "tags", { ...models, version: "3.2.0" });
  const indexOf = uniqueNames(tags);
  checkParents(tags, indexOf);
  if (hasVersion(version, "3.2.0")) return { tags };
  const lowered = tags.map((tag) => {
    const copy: JsonObject = {};
    for (const key of Object.keys(tag)) if (!(TAG_FIELDS_32 as readonly string[]).includes(key)) copy[key] = tag[key];
    return copy;
  });
  return tags.some((tag) => tag.parent !== undefined) ? { tags: lowered, tagGroups: tagGroups(tags) } : { tags: lowered };
}

/** "Each tag name in the list MUST be unique" (OpenAPI): a second entry with one name is INVALID_DEFINITION. */
function uniqueNames(tags: readonly JsonObject[]): Map<string, number> {
  const seen = new Map<string, number>();
  tags.forEach((tag, index) => {
    const name = tag.name as string;
    const first = seen.get(name);
    if (first !== undefined) throw new SpecloomError("INVALID_DEFINITION", `tags[${index}].name`, `the tag ${JSON.stringify(name)} is already listed at tags[${first}]; each tag is listed once`);
    seen.set(name, index);
  });
  return seen;
}

/** Every `parent` names a listed tag, and following parents never comes back to a tag. */
function checkParents(tags: readonly JsonObject[], indexOf: ReadonlyMap<string, number>): void {
  tags.forEach((tag, index) => {
    const parent = tag.parent as string | undefined;
    if (parent === undefined) return;
    if (!indexOf.has(parent)) {
      throw new SpecloomError("INVALID_DEFINITION", `tags[${index}].parent`, `the parent tag ${JSON.stringify(parent)} is not in tags; a parent must be a tag of the document`);
    }
    // Walk up at most tags.length steps: a longer chain has come round.
    const chain = [tag.name as string];
    for (let at: string | undefined = parent; at !== undefined; at = tags[indexOf.get(at) as number]?.parent as string | undefined) {
      chain.push(at);
      if (at === tag.name) {
        throw new SpecloomError("INVALID_DEFINITION", `tags[${index}].parent`, `the tag ${JSON.stringify(tag.name)} is its own ancestor (${chain.join(" -> ")}); tag parents must not form a cycle`);
      }
      if (chain.length > tags.length + 1) break;
    }
  });
}

/**
 * The hierarchy as the `x-tagGroups` extension Redoc, Redocly and Scalar read: one group per
 * top-level tag, named after it, listing that tag and every tag below it in list order.
 * Every tag is in a group, since those tools hide tags that are in none.
 */
function tagGroups(tags: readonly JsonObject[]): { name: string; tags: string[] }[] {
  const byName = new Map(tags.map((tag) => [tag.name as string, tag]));
  const rootOf = (tag: JsonObject): string => {
    let at = tag;
    while (at.parent !== undefined) at = byName.get(at.parent as string) as JsonObject;
    return at.name as string;
  };
  const groups = new Map<string, string[]>();
  for (const tag of tags) if (tag.parent === undefined) groups.set(tag.name as string, []);
  for (const tag of tags) groups.get(rootOf(tag))?.push(tag.name as string);
  return [...groups].map(([name, members]) => ({ name, tags: members }));
}

