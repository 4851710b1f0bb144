import { describeValue } from "../errors";
import { getOwn, isPlainObject, type JsonObject } from "../internal/own";
import { TAG_FIELDS_32, tagGroups, tagParentProblem } from "../internal/tag-tree";
import { invalid, trusted, type MergeInput } from "./inputs";

/** One tag of the result: the first document's, with where it came from and its 3.2 parent. */
interface TagEntry {
  readonly name: string;
  readonly tag: unknown;
  readonly parent: unknown;
  readonly input: MergeInput;
  readonly index: number;
}

/**
 * The result's `tags`: one per name, the first document's winning (base, then sources in
 * order). Into a base older than 3.2, a 3.2 tag loses `summary` and `kind`, and the
 * hierarchy its `parent` gives is written as `x-tagGroups`.
 */
export class TagList {
  private readonly byName = new Map<string, TagEntry>();
  private present = false;

  /** `lower`: base is 3.0 or 3.1, so 3.2's Tag fields must go. */
  constructor(private readonly lower: boolean) {}

  add(input: MergeInput): void {
    const tags = getOwn(input.document, "tags");
    if (tags === undefined) return;
    this.present = true;
    (tags as unknown[]).forEach((tag, index) => {
      const name = isPlainObject(tag) ? getOwn(tag, "name") : undefined;
      if (typeof name !== "string") {
        throw invalid(input, `tags[${index}]`, `expected a Tag Object with a string "name", found ${isPlainObject(tag) ? `a tag whose name is ${describeValue(name)}` : describeValue(tag)}`);
      }
      if (this.byName.has(name)) return;
      const own = trusted(input, tag, "tags", index) as JsonObject;
      const parent = getOwn(own, "parent");
      this.byName.set(name, { name, tag: this.lower ? withoutFields32(own) : own, parent, input, index });
    });
  }

  /** The merged tags, or undefined when no document had a `tags` array; checks the hierarchy. */
  toArray(): unknown[] | undefined {
    if (!this.present) return undefined;
    const entries = [...this.byName.values()];
    const broken = tagParentProblem(entries);
    if (broken) {
      const entry = entries[broken.index] as TagEntry;
      throw invalid(entry.input, `tags[${entry.index}].parent`, broken.message);
    }
    return entries.map((entry) => entry.tag);
  }

  /** The hierarchy as `x-tagGroups`, when the base is older than 3.2 and some tag has a parent. */
  tagGroups(): { name: string; tags: string[] }[] | undefined {
    const entries = [...this.byName.values()];
    return this.lower && entries.some((entry) => entry.parent !== undefined) ? tagGroups(entries) : undefined;
  }
}

/** A tag without 3.2's fields (a new object only when it had some). */
function withoutFields32(tag: JsonObject): JsonObject {
  if (!Object.keys(tag).some((key) => TAG_FIELDS_32.has(key))) return tag;
  const copy: JsonObject = {};
  for (const key of Object.keys(tag)) if (!TAG_FIELDS_32.has(key)) copy[key] = tag[key];
  return copy;
}
