/**
 * Why a schema has no value, in words for an error message: the first place (followed
 * through required properties and minimum items) whose keywords no value meets, or the
 * nesting that never ends.
 */
import { encodeSegment } from "../internal/json-pointer";
import { requiredChildren } from "./composites";
import type { ValueGenerator } from "./generator";
import type { Shape } from "./shapes";

export function whyNone(generator: ValueGenerator, root: Shape): string {
  const seen = new Set<Shape>();
  const stack: { shape: Shape; path: string }[] = [{ shape: root, path: "" }];
  const at = (path: string) => (path === "" ? "" : `at ${path}: `);
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { shape, path } = item;
    if (shape.never !== undefined) return `${at(path)}${shape.never}`;
    if (seen.has(shape)) continue;
    seen.add(shape);
    for (const facet of shape.facets) {
      if (facet.values !== undefined) continue;
      if (facet.type !== "object" && facet.type !== "array") {
        if (generator.scalarArbitrary(facet) === undefined) return `${at(path)}no ${facet.type} meets its keywords together`;
        continue;
      }
      const children = requiredChildren(facet, generator.shapes, (child) => generator.skipped(child));
      if (children === undefined) return `${at(path)}a required part is forbidden by additionalProperties: false or items: false`;
      for (const [name, child] of children) stack.push({ shape: child, path: `${path}/${encodeSegment(name)}` });
    }
  }
  return "every value would have to nest deeper than 32 levels (a required property of its own type, or a required list of at least one)";
}
