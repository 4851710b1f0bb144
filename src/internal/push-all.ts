/**
 * `target.push(...items)` without the spread: a spread passes each item as an argument,
 * and an array of a few hundred thousand (an `enum`, `examples`) overflows the call stack.
 */
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i] as T);
  return target;
}
