import { SpecloomError, describeValue } from "../errors";
import type { Dialect } from "../schema/vendor";
import type { OpenAPIVersion } from "../types/definition";

/** The versions Specloom writes, oldest first. */
export const VERSIONS: readonly OpenAPIVersion[] = ["3.0.3", "3.1.0", "3.2.0"];

/**
 * The document's version and its Schema Object dialect from the `openapi` option (default
 * 3.1.0). 3.2 keeps 3.1's dialect: its Schema Object is JSON Schema 2020-12.
 */
export function versionOf(openapi: unknown): { version: OpenAPIVersion; dialect: Dialect } {
  const version = openapi === undefined ? "3.1.0" : openapi;
  if (version === "3.0.3") return { version, dialect: "3.0" };
  if (version === "3.1.0" || version === "3.2.0") return { version, dialect: "3.1" };
  throw new SpecloomError("INVALID_DEFINITION", "openapi", `unsupported OpenAPI version ${describeValue(openapi)} (expected "3.0.3", "3.1.0" or "3.2.0")`);
}

/** True when `version` has what `since` introduced. */
export function hasVersion(version: OpenAPIVersion, since: OpenAPIVersion): boolean {
  return VERSIONS.indexOf(version) >= VERSIONS.indexOf(since);
}

/** The end of a message about something `version` lacks: `needs OpenAPI 3.2.0 (openapi: "3.2.0"); this document is 3.1.0`. */
export function needsVersion(since: OpenAPIVersion, version: OpenAPIVersion): string {
  return `needs OpenAPI ${since} (openapi: "${since}"); this document is ${version}`;
}
