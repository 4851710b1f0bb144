/** A media type's essence: `type/subtype`, lower-cased, parameters (`; charset=utf-8`) left out. */
export function essence(contentType: string | null): string {
  if (contentType === null) return "";
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * The declared media type (or range) that `type` falls under, the most specific first as
 * OpenAPI says ("text/plain" over "text/*" over "*\/*"); declared types are lower-cased, and
 * may carry parameters, which matching ignores.
 */
export function mediaFor<T extends { readonly type: string }>(type: string, declared: readonly T[]): T | undefined {
  const slash = type.indexOf("/");
  if (slash <= 0) return declared.find((entry) => essence(entry.type) === "*/*");
  const major = type.slice(0, slash);
  return (
    declared.find((entry) => essence(entry.type) === type) ??
    declared.find((entry) => essence(entry.type) === `${major}/*`) ??
    declared.find((entry) => essence(entry.type) === "*/*")
  );
}
