import { pascalCase } from "../schema/names";
import type { HttpMethod } from "../types/document";

/**
 * The operationId used when a route gives none: the method, then each path segment in
 * PascalCase, parameters as `By<Name>`. `GET /users/{id}/posts` is `getUsersByIdPosts`,
 * `GET /` is `getRoot`, webhook `POST newPet` is `postNewPet`. Clashes get `2`, `3`, ...
 */
export function operationIdFor(method: HttpMethod, path: string): string {
  const words = path
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replace(/\{([^}]*)\}/g, (_all, name: string) => ` By ${pascalCase(name)} `))
    .map(pascalCase)
    .join("");
  return method + (words === "" ? "Root" : words);
}
