import type { HttpMethod } from "../types/document";

/** The eight operations of a Path Item Object, in the OpenAPI specification's field order. */
export const HTTP_METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === "string" && METHODS.has(value);
}
