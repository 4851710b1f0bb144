import { SpecloomError } from "../errors";
import { isObject } from "../internal/own";
import { unresolvedRefs } from "../internal/refs";
import type { OpenAPIDocument } from "../types/document";
import { HTTP_METHODS } from "./route-key";

/** Where each operation of the document came from, by `"path method"`, for messages. */
export type OperationOrigins = ReadonlyMap<string, string>;

/**
 * Checks that need the finished document (after every plugin): each security requirement
 * names a declared scheme, operationIds are unique, and (where callers or plugins wrote
 * any) every internal `$ref` resolves.
 */
export function checkDocument(document: OpenAPIDocument, origins: OperationOrigins, checkRefs: boolean): void {
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

  const operationIds = new Map<string, string>();
  for (const [group, items] of [["paths", document.paths], ["webhooks", document.webhooks]] as const) {
    if (!isObject(items)) continue;
    for (const path of Object.keys(items)) {
      const item = items[path];
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const where = origins.get(`${group} ${path} ${method}`) ?? `${group}[${JSON.stringify(path)}].${method}`;
        checkSecurity(operation.security, `${where}.security`);
        if (typeof operation.operationId !== "string") continue;
        const prior = operationIds.get(operation.operationId);
        if (prior !== undefined) {
          throw new SpecloomError("DUPLICATE_PATH", where, `operationId "${operation.operationId}" is already used by ${prior}`);
        }
        operationIds.set(operation.operationId, where);
      }
    }
  }

  if (!checkRefs) return;
  const broken = unresolvedRefs(document)[0];
  if (broken) {
    throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", `#${broken.pointer}`, `$ref "${broken.ref}" points to nothing in the document`);
  }
}
