import { pointerTokens, resolvePointer } from "../internal/json-pointer";
import { isObject } from "../internal/own";

/** A schema resource: the document itself, or a schema with an `$id`; `#/...` fragments are read from its root. */
export interface Resource {
  readonly root: unknown;
  /** Its absolute URI, when it has one. */
  readonly uri: string | undefined;
  /** Where its root is in the document, for messages. */
  readonly location: string;
}

export interface Resolved {
  readonly node: unknown;
  readonly resource: Resource;
  readonly location: string;
}

/** The document's `$id`s and anchors, found in one iterative walk. */
export class References {
  private readonly ids = new Map<string, Resource>();
  private readonly anchors = new Map<string, Resolved>();

  constructor(readonly document: Resource) {
    const stack: { node: unknown; location: string; resource: Resource }[] = [{ node: document.root, location: document.location, resource: document }];
    const seen = new Set<object>();
    while (stack.length > 0) {
      const { node, location, resource: parent } = stack.pop() as (typeof stack)[number];
      if (node === null || typeof node !== "object" || seen.has(node)) continue;
      seen.add(node);
      let resource = parent;
      if (isObject(node) && typeof node.$id === "string") {
        const uri = absolute(node.$id, parent.uri);
        resource = { root: node, uri, location };
        this.ids.set(uri ?? node.$id, resource);
      }
      if (isObject(node)) {
        for (const key of ["$anchor", "$dynamicAnchor"]) {
          const name = node[key];
          if (typeof name === "string" && !this.anchors.has(name)) this.anchors.set(name, { node, resource, location });
        }
      }
      const keys = Object.keys(node);
      for (const key of keys) stack.push({ node: (node as Record<string, unknown>)[key], location: `${location}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, resource });
    }
  }

  /** What `ref` names from inside `resource`, or undefined when nothing in the document is it. */
  resolve(ref: string, resource: Resource): Resolved | undefined {
    const hash = ref.indexOf("#");
    const target = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    let base = resource;
    if (target !== "") {
      const uri = absolute(target, resource.uri);
      const found = this.ids.get(uri ?? target) ?? this.ids.get(target);
      if (found === undefined) return undefined;
      base = found;
    }
    if (fragment === "" || fragment.startsWith("/")) {
      const tokens = pointerTokens(fragment);
      if (tokens === undefined) return undefined;
      const found = resolvePointer(base.root, tokens);
      return "value" in found ? { node: found.value, resource: base, location: `${base.location}${fragment}` } : undefined;
    }
    return this.anchors.get(fragment);
  }
}

/** The base URI of a document that names none: relative `$id`s and `$ref`s resolve against it. */
export const BASE = "https://specloom.invalid/document";

export function absolute(reference: string, base: string | undefined): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}
