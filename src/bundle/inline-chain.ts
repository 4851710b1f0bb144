import type { JsonObject } from "../internal/own";
import type { PointerFrame } from "../internal/refs";

/** Path items inlined on the way to a value: a cycle of them cannot be written out. */
export interface Chain {
  readonly parent: Chain | undefined;
  readonly target: string;
}

export function inChain(chain: Chain | undefined, key: string): boolean {
  for (let link = chain; link; link = link.parent) if (link.target === key) return true;
  return false;
}

/**
 * An object whose fields go into an inlined path item (the referring object, each link of
 * a chain of `$ref`s, the path item at its end), with the file and place they come from:
 * a field's own references are relative to its file.
 */
export interface Layer {
  readonly fields: JsonObject;
  readonly file: string;
  readonly frame: PointerFrame;
}

/**
 * Each field of the inlined object with the layer it comes from: the nearest layer (first)
 * that has it wins, and the farthest layer's fields come first, as the path item wrote them.
 */
export function fieldsOfLayers(layers: readonly Layer[]): [string, Layer][] {
  const owner = new Map<string, Layer>();
  for (const layer of layers) for (const field of Object.keys(layer.fields)) if (field !== "$ref" && !owner.has(field)) owner.set(field, layer);
  const fields: [string, Layer][] = [];
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i] as Layer;
    for (const field of Object.keys(layer.fields)) if (owner.get(field) === layer) fields.push([field, layer]);
  }
  return fields;
}
