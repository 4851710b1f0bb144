/**
 * Whether a place is the same in both documents: at the same pointer, deeply equal, and so
 * is everything its `$ref`s reach. A schema that is the same needs no comparison, which is
 * most of them between two versions of one document. Iterative; each place is settled once.
 */
import { deepEqual } from "../internal/equal";
import { forEachRef } from "../internal/refs";
import type { Located, Side } from "./side";

export class SameSubtrees {
  private readonly known = new Map<string, boolean>();

  constructor(
    private readonly before: Side,
    private readonly after: Side,
  ) {}

  same(before: Located, after: Located): boolean {
    if (before.pointer !== after.pointer) return false;
    const known = this.known.get(before.pointer);
    if (known !== undefined) return known;
    const visited = new Set<string>([before.pointer]);
    const pending: [Located, Located][] = [[before, after]];
    let same = true;
    while (same && pending.length > 0) {
      const [b, a] = pending.pop() as [Located, Located];
      const settled = this.known.get(b.pointer);
      if (settled === true) continue;
      if (settled === false || !deepEqual(b.node, a.node)) {
        same = false;
        break;
      }
      forEachRef(b.node, (ref) => {
        if (!same || !ref.startsWith("#")) return;
        const [target, match] = [this.before.follow({ node: { $ref: ref }, pointer: "" }), this.after.follow({ node: { $ref: ref }, pointer: "" })];
        if (target.pointer !== match.pointer) same = false;
        else if (!visited.has(target.pointer)) {
          visited.add(target.pointer);
          pending.push([target, match]);
        }
      });
    }
    // Every place visited reaches only places that were visited: when all are equal, each is the same.
    if (same) for (const pointer of visited) this.known.set(pointer, true);
    else this.known.set(before.pointer, false);
    return same;
  }
}
