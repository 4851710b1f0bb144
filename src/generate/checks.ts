import { SpecloomError } from "../errors";
import { operationIdProblems, requirementProblems, securityProblems, securitySchemesOf, type DocumentProblem } from "../internal/document-checks";
import { operationKeys } from "../internal/http-methods";
import { propertyLabel } from "../internal/own";
import { pushAll } from "../internal/push-all";
import { unresolvedRefs } from "../internal/refs";
import { linkProblems } from "../internal/link-targets";
import type { OpenAPIDocument } from "../types/document";
import { operationOf } from "./path-items";

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
  /** Callers or plugins wrote `$ref`s, so every one must be checked. */
  refs: boolean;
  /** Callers wrote links, so each one's operationId or operationRef must name an operation. */
  links?: boolean;
}

/**
 * Checks that need the finished document (after every plugin): each security requirement
 * names a declared scheme, operationIds are unique, and (where callers or plugins wrote
 * any) every `$ref` resolves inside the document. The problems are those `specloom validate` lists
 * (src/internal/document-checks.ts); here the first one is thrown, located at the route
 * that made the operation where there is one.
 */
export function checkDocument(document: OpenAPIDocument, originOf: OperationOrigin, scope: CheckScope): void {
  const locate = (pointer: string) => locationOf(pointer, originOf);
  let security: DocumentProblem[];
  if (scope.operations === "all") {
    security = securityProblems(document);
  } else {
    const schemes = securitySchemesOf(document);
    security = requirementProblems(document.security, schemes, "/security");
    for (const [group, path, method] of scope.operations) {
      const operation = operationOf(document[group]?.[path], method);
      const keys = operationKeys(method).map(segment).join("/");
      pushAll(security, requirementProblems(operation?.security, schemes, `/${group}/${segment(path)}/${keys}/security`));
    }
  }
  const insecure = security[0];
  // The pointer ends at the scheme's key; the message names the scheme, the location the requirement.
  if (insecure) throw new SpecloomError("INVALID_DEFINITION", locate(insecure.pointer.replace(/\/[^/]*$/, "")), insecure.message);

  if (scope.operations === "all") {
    const repeated = operationIdProblems(document)[0];
    if (repeated) {
      const prior = /"[^"]*" is already used by (\/\S+)$/.exec(repeated.message)?.[1];
      const message = prior ? repeated.message.replace(prior, locate(prior)) : repeated.message;
      throw new SpecloomError("DUPLICATE_PATH", locate(repeated.pointer.replace(/\/operationId$/, "")), message);
    }
  }

  const lost = scope.links ? linkProblems(document)[0] : undefined;
  if (lost) throw new SpecloomError("INVALID_DEFINITION", locate(lost.pointer), lost.message);

  if (!scope.refs) return;
  const broken = unresolvedRefs(document)[0];
  if (broken) {
    // At the route that made the operation; a place no route made (a plugin's) as its pointer.
    const location = locationOf(broken.pointer, originOf, true) ?? `#${broken.pointer}`;
    throw new SpecloomError("SCHEMA_RESOLUTION_FAILED", location, broken.message);
  }
}

function segment(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * A JSON pointer as a location in the definition's terms: `/paths/~1a/get/security/0` is
 * `paths["GET /a"].security[0]` (or the builder call that added the route); anything else
 * reads as property access: `security[0]`.
 */
function locationOf(pointer: string, originOf: OperationOrigin): string;
function locationOf(pointer: string, originOf: OperationOrigin, routesOnly: true): string | undefined;
function locationOf(pointer: string, originOf: OperationOrigin, routesOnly = false): string | undefined {
  const parts = pointer.split("/").slice(1).map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const [group, path] = parts;
  // An additional operation (3.2) sits one level deeper: `/paths/~1a/additionalOperations/PURGE`.
  const depth = parts[2] === "additionalOperations" ? 4 : 3;
  const method = parts[depth - 1];
  const origin = (group === "paths" || group === "webhooks") && path !== undefined && method !== undefined ? originOf(group, path, method) : undefined;
  if (routesOnly && !origin) return undefined;
  const rest = origin ? parts.slice(depth) : parts;
  const label = rest.map((part) => (/^\d+$/.test(part) ? `[${part}]` : propertyLabel(part))).join("");
  return origin ? origin + label : label.replace(/^\./, "");
}
