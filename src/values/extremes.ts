/**
 * Two deterministic values of a schema: the smallest (required properties only, the fewest
 * items, each scalar at its first edge) and the fullest (every optional property too, down
 * to the depth where the generator stops adding them). Built with an explicit stack; where
 * counts or uniqueness need a search, the seeded arbitrary draws the part instead.
 */
import fc from "fast-check";
import { setOwn } from "../internal/own";
import { MAX_DEPTH, RICH_DEPTH } from "./depth";
import type { ValueGenerator } from "./generator";
import { scalarEdges } from "./scalar-edges";
import { blocked, itemLimit, itemNodes, propertyNodes, type Facet, type Shape } from "./shapes";
import { namesAllowed } from "./property-names";

export type Extent = "smallest" | "fullest";

interface Task {
  readonly shape: Shape;
  readonly depth: number;
  readonly put: (value: unknown) => void;
}

/** The value, or undefined when the schema has none. */
export function extremeValue(generator: ValueGenerator, root: Shape, extent: Extent): unknown {
  let result: unknown;
  let failed = false;
  const stack: Task[] = [{ shape: root, depth: 0, put: (value) => (result = value) }];
  for (let task = stack.pop(); task !== undefined && !failed; task = stack.pop()) {
    const facet = chosenFacet(generator, task.shape, task.depth);
    if (facet === undefined) failed = true;
    else expand(generator, facet, task, extent, stack);
  }
  return failed ? undefined : result;
}

/** The facet the value takes: the shallowest that fits, one the keywords fully decide first. */
function chosenFacet(generator: ValueGenerator, shape: Shape, depth: number): Facet | undefined {
  const fitting = shape.facets.filter((facet) => generator.facetNeed(facet, shape) <= MAX_DEPTH - depth);
  const plain = fitting.filter((facet) => facet.excluded.length === 0 && facet.conj.not.length === 0 && facet.conj.unsupported.size === 0);
  const pool = plain.length > 0 ? plain : fitting;
  let best: Facet | undefined;
  for (const facet of pool) if (best === undefined || generator.facetNeed(facet, shape) < generator.facetNeed(best, shape)) best = facet;
  return best;
}

function expand(generator: ValueGenerator, facet: Facet, task: Task, extent: Extent, stack: Task[]): void {
  const { shape, depth, put } = task;
  if (facet.values !== undefined) return put(facet.values[0]);
  if (facet.type !== "object" && facet.type !== "array") {
    const arbitrary = generator.scalarArbitrary(facet);
    const [edge] = scalarEdges(facet, arbitrary);
    return put(edge !== undefined ? edge.value : drawn(arbitrary));
  }
  const conj = facet.conj;
  const searched = conj.minProperties > conj.required.size || conj.maxProperties !== undefined || conj.dependentRequired.size > 0 || conj.contains.length > 0 || (conj.uniqueItems && conj.minItems > 1);
  const guarded = facet.excluded.length > 0 || conj.not.length > 0 || conj.unsupported.size > 0;
  if (searched || guarded) return put(drawn(generator.arbitrary(shape, depth)));
  const tasks: Task[] = [];
  if (facet.type === "object") {
    const object: Record<string, unknown> = {};
    put(object);
    const names = [...conj.properties.keys()];
    for (const name of conj.required) if (!conj.properties.has(name)) names.push(name);
    for (const name of names) {
      const required = conj.required.has(name);
      if (!required && (extent === "smallest" || depth + 1 >= RICH_DEPTH)) continue;
      if (blocked(conj, name) || !namesAllowed(conj, name, generator.shapes)) continue;
      const child = generator.shapes.of(propertyNodes(conj, name));
      if (generator.skipped(child) || generator.need(child) > MAX_DEPTH - depth - 1) continue;
      tasks.push({ shape: child, depth: depth + 1, put: (value) => setOwn(object, name, value) });
    }
  } else {
    const array: unknown[] = [];
    put(array);
    const first = itemNodes(conj, 0);
    const room = first !== false && generator.need(generator.shapes.of(first)) <= MAX_DEPTH - depth - 1;
    const count = extent === "smallest" || depth + 1 >= RICH_DEPTH || !room ? conj.minItems : Math.min(itemLimit(conj) ?? Infinity, Math.max(conj.minItems, 1));
    for (let index = 0; index < count; index++) {
      const nodes = itemNodes(conj, index);
      if (nodes === false) break;
      tasks.push({ shape: generator.shapes.of(nodes), depth: depth + 1, put: (value) => (array[index] = value) });
    }
  }
  // Pushed last first, so properties are filled in their declared order.
  for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i] as Task);
}

function drawn(arbitrary: fc.Arbitrary<unknown> | undefined): unknown {
  return arbitrary === undefined ? undefined : fc.sample(arbitrary, { seed: 0, numRuns: 1 })[0];
}
