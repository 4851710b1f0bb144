/**
 * Component names: which vendor `$defs` keys are the user's own identifiers, how names are
 * derived where a schema has none, and what OpenAPI allows in a component name.
 */

/** OpenAPI's rule for keys of `components.*`. */
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

export function isValidComponentName(name: string): boolean {
  return COMPONENT_NAME.test(name);
}

/** A vendor identifier as a valid component name: kept when valid, else `"my pet"` becomes `my_pet`. */
export function sanitizeComponentName(name: string): string {
  if (isValidComponentName(name)) return name;
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "");
  return cleaned === "" ? "Schema" : cleaned;
}

/**
 * True when a `$defs` key was made up by the vendor rather than given by the user:
 * Zod's `__schema0`, Valibot's `0`, ArkType's `intersection233`. Such definitions are
 * inlined where they can be, and named after where they are used where a cycle needs them.
 */
export function isGeneratedName(vendor: string, key: string): boolean {
  // A definition Specloom found by a JSON pointer of its own (`#/properties/a/$defs/X`).
  if (key.startsWith("#")) return true;
  switch (vendor) {
    case "zod":
      return /^__schema\d+$/.test(key);
    case "arktype":
      return /^[a-z]+\d+$/.test(key);
    default:
      // Valibot numbers its definitions; other libraries are assumed to do the same.
      return /^\d+$/.test(key);
  }
}

/** `"get-users_by id"` to `GetUsersById`. */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}
