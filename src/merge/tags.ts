import { describeValue } from "../errors";
import { getOwn, isPlainObject } from "../internal/own";
import { invalid, trusted, type MergeInput } from "./inputs";

/** The result's `tags`: one per name, the first document's winning (base, then sources in order). */
export class TagList {
  private readonly byName = new Map<string, unknown>();
  private present = false;

  add(input: MergeInput): void {
    const tags = getOwn(input.document, "tags");
    if (tags === undefined) return;
    this.present = true;
    (tags as unknown[]).forEach((tag, index) => {
      const name = isPlainObject(tag) ? getOwn(tag, "name") : undefined;
      if (typeof name !== "string") {
        throw invalid(input, `tags[${index}]`, `expected a Tag Object with a string "name", found ${isPlainObject(tag) ? `a tag whose name is ${describeValue(name)}` : describeValue(tag)}`);
      }
      if (!this.byName.has(name)) this.byName.set(name, trusted(input, tag, "tags", index));
    });
  }

  /** The merged tags, or undefined when no document had a `tags` array. */
  toArray(): unknown[] | undefined {
    return this.present ? [...this.byName.values()] : undefined;
  }
}
