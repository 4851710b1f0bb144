/**
 * Documents Specloom returned (openapi(), the builder, merge()). They are deeply frozen
 * and share nothing a caller can change, so merge() may reuse their subtrees as they are.
 * A document that is merely frozen is not enough: its inner objects may still be mutable.
 */
const produced = new WeakSet<object>();

export function markProduced<T extends object>(document: T): T {
  produced.add(document);
  return document;
}

export function isProduced(document: unknown): boolean {
  return document !== null && typeof document === "object" && produced.has(document);
}
