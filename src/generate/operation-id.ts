import { pascalCase } from "../schema/names";
import type { RouteMethod } from "../types/document";

/**
 * The operationId used when a route gives none: the method, then each path segment in
 * PascalCase, parameters as `By<Name>`. `GET /users/{id}/posts` is `getUsersByIdPosts`,
 * `GET /` is `getRoot`, webhook `POST newPet` is `postNewPet`. Clashes get `2`, `3`, ...
 */
export function operationIdFor(method: RouteMethod, path: string): string {
  let words = wordsOfPath.get(path);
  if (words === undefined) {
    words = pathWords(path);
    if (wordsOfPath.size >= 50_000) wordsOfPath.clear();
    wordsOfPath.set(path, words);
  }
  // An additional method (3.2, upper-cased) reads like the others: PURGE /cache is purgeCache.
  const verb = method.toLowerCase().replace(/[^a-z0-9]/g, "") || "operation";
  return verb + (words === "" ? "Root" : words);
}

/** PascalCase words of a path, kept because documents are built again from the same paths (bounded). */
const wordsOfPath = new Map<string, string>();

function pathWords(path: string): string {
  return path
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replace(/\{([^}]*)\}/g, (_all, name: string) => ` By ${pascalCase(name)} `))
    .map(pascalCase)
    .join("");
}
