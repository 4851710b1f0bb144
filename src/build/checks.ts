import { SpecloomError } from "../errors";
import { isObject } from "../internal/own";
import { unresolvedRefs } from "../internal/refs";
import type { OpenAPIDocument } from "../types/document";
import { HTTP_METHODS } from "./route-key";

/** Where an operation of the document came from, for messages; asked only when one is wrong. */
export type OperationOrigin = (group: "paths" | "webhooks", path: string, method: string) => string | undefined;

/** What the final check must look at. */
export interface CheckScope {
  /**
   * Operations to check, as [group, path, method]; `"all"` after `transformDocument` ran,
   * which may have changed anything. Otherwise operationIds are unique by construction and
   * only operations that declare `security` can name an undeclared scheme.
   */
  operations: "all" | readonly ["paths" | "webhooks", string, string][];
  /** Callers or plugins wrote `$ref`s, so every internal one must be checked. */
  refs: boolean;
}

/**
 * Checks that need the finished document (after every plugin): each security requirement
 * names a declared scheme, operationIds are unique, and (where callers or plugins wrote
 * any) every internal `$ref` resolves.
 */
export function checkDocument(document: OpenAPIDocument, originOf: OperationOrigin, scope: CheckScope): void {
  const schemes = isObject(document.components?.securitySchemes) ? document.components.securitySchemes : {};
  const checkSecurity = (security: unknown, location: string) => {
    if (!Array.isArray(security)) return;
    security.forEach((requirement: unknown, index) => {
      if (!isObject(requirement)) return;
      for (const name of Object.keys(requirement)) {
        if (Object.prototype.hasOwnProperty.call(schemes, name)) continue;
        const declared = Object.keys(schemes);
        throw new SpecloomError(
          "INVALID_DEFINITION",
          `${location}[${index}]`,
          `the security requirement names "${name}", which components.securitySchemes does not declare (${declared.length ? `declared: ${declared.join(", ")}` : "none are declared"})`,
        );
      }
    });
  };
  checkSecurity(document.security, "security");
  if (scope.operations !== "all") {
    for (const [group, path, method] of scope.operations) {
      const operation = (document[group]?.[path] as Record<string, { security?: unknown }> | undefined)?.[method];
      checkSecurity(operation?.security, `${originOf(group, path, method) ?? `${group}[${JSON.stringify(path)}].${method}`}.security`);
    }
  }

  const operationIds = new Map<string, () => string>();
  for (const [group, items] of [["paths", document.paths], ["webhooks", document.webhooks]] as const) {
    if (scope.operations !== "all" || !isObject(items)) continue;
    for (const path of Object.keys(items)) {
      const item = items[path];
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const where = () => originOf(group, path, method) ?? `${group}[${JSON.stringify(path)}].${method}`;
        if (operation.security !== undefined) checkSecurity(operation.security, `${where()}.security`);
        if (typeof operation.operationId !== "string") continue;
        const prior = operationIds.get(operation.operationId);
        if (prior !== undefined) {
          throw new SpecloomError("DUPLICATE_PATH", where(), `operationId "${operation.operationId}" is already used by ${prior()}`);
        }
        operationIds.set(operation.operationId, where);
      }
    }
  }

  if (!scope.refs) return;
  const broken = unresolvedRefs(document)[0];
  if (broken) {
    throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", `#${broken.pointer}`, `$ref "${broken.ref}" points to nothing in the document`);
  }
}
