/**
 * One token per set of registered schemas: the same names, in the same order, for the same
 * schema objects, and the same plugin flags. Documents with equal sets get the same token,
 * so work that depends only on an imported schema and the registered set (which inline
 * copies are registered schemas) can be kept across documents, keyed by it.
 *
 * The token holds no schema object strongly: its schemas are keys of a weak map, and tokens
 * are kept per first registered schema, weakly too. Letting a schema go frees its tokens.
 */
export interface RegistrySignature {
  readonly names: readonly string[];
  readonly byPlugin: readonly boolean[];
  /** Each registered schema's position. */
  readonly positions: WeakMap<object, number>;
}

/** A registered schema as the signature sees it: its component name, schema object, and whether a plugin gave it. */
export interface RegisteredEntry {
  readonly name: string;
  readonly registered?: { readonly schema: object; readonly byPlugin?: boolean };
}

/** Tokens kept per first registered schema: a few sets that share a first schema, newest first. */
const KEPT = 4;
const byFirst = new WeakMap<object, RegistrySignature[]>();

/** The token of the registered components (in registration order); undefined when there are none. */
export function registrySignature(registered: readonly RegisteredEntry[]): RegistrySignature | undefined {
  const first = registered[0]?.registered?.schema;
  if (first === undefined) return undefined;
  const kept = byFirst.get(first) ?? [];
  for (const signature of kept) if (matches(signature, registered)) return signature;
  const signature: RegistrySignature = { names: [], byPlugin: [], positions: new WeakMap() };
  for (const [index, component] of registered.entries()) {
    const entry = component.registered as { schema: object; byPlugin?: boolean };
    (signature.names as string[]).push(component.name);
    (signature.byPlugin as boolean[]).push(entry.byPlugin === true);
    signature.positions.set(entry.schema, index);
  }
  kept.unshift(signature);
  if (kept.length > KEPT) kept.length = KEPT;
  byFirst.set(first, kept);
  return signature;
}

function matches(signature: RegistrySignature, registered: readonly RegisteredEntry[]): boolean {
  if (signature.names.length !== registered.length) return false;
  for (let i = 0; i < registered.length; i++) {
    const component = registered[i] as RegisteredEntry;
    const entry = component.registered as { schema: object; byPlugin?: boolean };
    if (signature.names[i] !== component.name || signature.byPlugin[i] !== (entry.byPlugin === true)) return false;
    if (signature.positions.get(entry.schema) !== i) return false;
  }
  return true;
}
