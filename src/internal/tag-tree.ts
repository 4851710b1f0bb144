/**
 * The tag hierarchy of OpenAPI 3.2 (`parent` on a Tag Object), shared by `openapi()` and
 * `merge()`: its rule ("The named tag MUST exist in the API description, and circular
 * references between parent and child tags MUST NOT be used") and its lower form for 3.0
 * and 3.1, the `x-tagGroups` extension Redoc, Redocly and Scalar read.
 */

/** What the hierarchy needs of a tag: its name and, maybe, its parent's. */
export interface TagNode {
  readonly name: string;
  readonly parent?: unknown;
}

/** The first tag whose `parent` names no tag or leads back to itself, with why. */
export function tagParentProblem(tags: readonly TagNode[]): { index: number; message: string } | undefined {
  const byName = new Map<string, TagNode>();
  for (const tag of tags) if (!byName.has(tag.name)) byName.set(tag.name, tag);
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index] as TagNode;
    if (tag.parent === undefined) continue;
    if (typeof tag.parent !== "string") return { index, message: `expected the name of a tag, found ${typeof tag.parent}` };
    if (!byName.has(tag.parent)) return { index, message: `the parent tag ${JSON.stringify(tag.parent)} is not in tags; a parent must be a tag of the document` };
    // Walk up at most tags.length steps: a longer chain has come round without reaching this tag.
    const chain = [tag.name];
    for (let at: unknown = tag.parent; typeof at === "string" && chain.length <= tags.length + 1; at = byName.get(at)?.parent) {
      chain.push(at);
      if (at === tag.name) return { index, message: `the tag ${JSON.stringify(tag.name)} is its own ancestor (${chain.join(" -> ")}); tag parents must not form a cycle` };
    }
  }
  return undefined;
}

/**
 * `x-tagGroups` for a checked hierarchy: one group per top-level tag, named after it,
 * listing that tag and every tag below it in list order. Every tag is in a group, since
 * those tools hide tags that are in none.
 */
export function tagGroups(tags: readonly TagNode[]): { name: string; tags: string[] }[] {
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  const rootOf = (tag: TagNode): string => {
    let at = tag;
    while (typeof at.parent === "string") at = byName.get(at.parent) as TagNode;
    return at.name;
  };
  const groups = new Map<string, string[]>();
  for (const tag of tags) if (tag.parent === undefined) groups.set(tag.name, []);
  for (const tag of tags) groups.get(rootOf(tag))?.push(tag.name);
  return [...groups].map(([name, members]) => ({ name, tags: members }));
}

/** Tag Object fields 3.2 added; 3.0 and 3.1 do without them (`parent` becomes `x-tagGroups`). */
export const TAG_FIELDS_32: ReadonlySet<string> = new Set(["summary", "parent", "kind"]);
