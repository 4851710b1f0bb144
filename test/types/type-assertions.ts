/** Type-level assertions for files the type-checking tests compile on their own. */

/** True when A and B are each assignable to the other. */
export type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Exactly equal types (readonly and optional modifiers included), as type-testing libraries compare them. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when given `true`. */
export function assert<T extends true>(): T | void {}
