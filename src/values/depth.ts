/**
 * How deep a value of each schema must be at least (a scalar 0, an object or array one more
 * than its deepest required child), found for a whole graph of schemas at once, recursive
 * ones included: the generator then never starts a branch it cannot finish, and a schema
 * that needs endless nesting (a required property of its own type) is found before any
 * value is drawn. Iterative: rounds of relaxation over the schemas reachable by required
 * children, until nothing changes.
 */
import type { Facet, Shape } from "./shapes";

/** The deepest value the generator makes; a schema that needs more has no value here. */
export const MAX_DEPTH = 32;
/** Below this depth, optional properties and items beyond the minimum are drawn; deeper, only what is required. */
export const RICH_DEPTH = 5;

export interface DepthRules {
  /** The shapes a facet's value must contain (required properties, minimum items), and how the facet's need follows from theirs. */
  facetNeed(facet: Facet, need: (shape: Shape) => number): number;
}

export class Depths {
  private readonly shapes = new Map<Shape, number>();
  private readonly facets = new Map<Facet, number>();

  constructor(private readonly rules: DepthRules) {}

  /** The least depth of a value of `shape`; Infinity when none fits within MAX_DEPTH. */
  of(shape: Shape): number {
    const known = this.shapes.get(shape);
    if (known !== undefined) return known;
    this.solve(shape);
    return this.shapes.get(shape) as number;
  }

  facet(facet: Facet, shape: Shape): number {
    this.of(shape);
    return this.facets.get(facet) ?? Infinity;
  }

  private solve(root: Shape): void {
    // Every shape not yet solved that a value of `root` may have to contain.
    const pending = new Map<Shape, number>();
    const queue = [root];
    for (let shape = queue.pop(); shape !== undefined; shape = queue.pop()) {
      if (pending.has(shape) || this.shapes.has(shape)) continue;
      pending.set(shape, Infinity);
      for (const facet of shape.facets) {
        this.rules.facetNeed(facet, (child) => {
          if (!pending.has(child) && !this.shapes.has(child)) queue.push(child);
          return 0;
        });
      }
    }
    const need = (shape: Shape) => this.shapes.get(shape) ?? pending.get(shape) ?? Infinity;
    // Children were found after their parents: relaxed first, a chain settles in one round.
    const order = [...pending.keys()].reverse();
    for (let round = 0, changed = true; changed && round <= MAX_DEPTH + 1; round++) {
      changed = false;
      for (const shape of order) {
        let least = Infinity;
        for (const facet of shape.facets) {
          const value = this.rules.facetNeed(facet, need);
          this.facets.set(facet, value > MAX_DEPTH ? Infinity : value);
          least = Math.min(least, value);
        }
        if (least > MAX_DEPTH) least = Infinity;
        if (least < (pending.get(shape) as number)) {
          pending.set(shape, least);
          changed = true;
        }
      }
    }
    for (const [shape, value] of pending) this.shapes.set(shape, value);
  }
}
