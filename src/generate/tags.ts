import { SpecloomError } from "../errors";
import type { JsonObject } from "../internal/own";
import { TAG_FIELDS_32, tagGroups, tagParentProblem, type TagNode } from "../internal/tag-tree";
import type { OpenAPIVersion } from "../types/definition";
import { copyModelList, type ModelContext } from "./object-model";
import { hasVersion } from "./version";

/** A document's tags, and the `x-tagGroups` that carry their hierarchy before 3.2. */
export interface WrittenTags {
  tags: JsonObject[];
  tagGroups?: { name: string; tags: string[] }[];
}

/**
 * The `tags` option, checked as 3.2 Tag Objects: each name once, and each `parent` names a
 * tag of the list without a cycle. For 3.0.3 and 3.1.0, `summary` and `kind` are dropped
 * and the hierarchy is written as `x-tagGroups`.
 */
export function writeTags(value: unknown, version: OpenAPIVersion, models: ModelContext): WrittenTags {
  const tags = copyModelList("Tag", value, "tags", { ...models, version: "3.2.0" });
  uniqueNames(tags);
  const nodes = tags as unknown as TagNode[];
  const broken = tagParentProblem(nodes);
  if (broken) throw new SpecloomError("INVALID_DEFINITION", `tags[${broken.index}].parent`, broken.message);
  if (hasVersion(version, "3.2.0")) return { tags };
  const lowered = tags.map((tag) => {
    const copy: JsonObject = {};
    for (const key of Object.keys(tag)) if (!TAG_FIELDS_32.has(key)) copy[key] = tag[key];
    return copy;
  });
  return tags.some((tag) => tag.parent !== undefined) ? { tags: lowered, tagGroups: tagGroups(nodes) } : { tags: lowered };
}

/** "Each tag name in the list MUST be unique" (OpenAPI): a second entry with one name is INVALID_DEFINITION. */
function uniqueNames(tags: readonly JsonObject[]): void {
  const seen = new Map<string, number>();
  tags.forEach((tag, index) => {
    const name = tag.name as string;
    const first = seen.get(name);
    if (first !== undefined) throw new SpecloomError("INVALID_DEFINITION", `tags[${index}].name`, `the tag ${JSON.stringify(name)} is already listed at tags[${first}]; each tag is listed once`);
    seen.set(name, index);
  });
}
