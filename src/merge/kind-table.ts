import { getOwn, hasOwn, setOwn, type JsonObject } from "../internal/own";
import type { MergeInput } from "./inputs";

/**
 * One kind of component in the result (`components.schemas`, ...): the result's own map,
 * written once, in its final order, as names are added, and which document gave each name.
 *
 * At a thousand documents a kind holds tens of thousands of names, and each added name is a
 * write into a large table. So the map is the only table by name: who gave a name is kept in
 * an array in the same order, and found by name only for a clash's message, through an index
 * made then.
 */
export class KindTable {
  /** The result's map: frozen by freeze(), after the last name is added. */
  private readonly values: JsonObject = {};
  private readonly names: string[] = [];
  private readonly owners: MergeInput[] = [];
  /** Name to position in `names`, for the names indexed so far; made at the first owner asked for. */
  private index: Map<string, number> | undefined;

  has(name: string): boolean {
    return hasOwn(this.values, name);
  }

  get(name: string): unknown {
    return getOwn(this.values, name);
  }

  /** Adds a name the table does not hold yet (the caller checked), after every earlier one. */
  add(name: string, value: unknown, owner: MergeInput): void {
    setOwn(this.values, name, value);
    this.names.push(name);
    this.owners.push(owner);
  }

  /** The document that gave `name`, or undefined when no document did. */
  ownerOf(name: string): MergeInput | undefined {
    const index = (this.index ??= new Map());
    // Names added since the last question join the index: each name is indexed once.
    for (let position = index.size; position < this.names.length; position++) index.set(this.names[position] as string, position);
    const position = index.get(name);
    return position === undefined ? undefined : this.owners[position];
  }

  /** The result's map, frozen: its values are frozen already (copies, produced subtrees, rewritten trees). */
  freeze(): JsonObject {
    return Object.freeze(this.values);
  }
}
