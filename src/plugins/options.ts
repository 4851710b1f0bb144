/**
 * Option checks shared by the built-in plugins. Every bad option is INVALID_DEFINITION
 * when the plugin is created, at `plugin "<name>" (options.<option>)`, so the line that
 * configured it is the line in the stack trace.
 */
import { SpecloomError, describeValue, type SpecloomErrorCode } from "../errors";
import { getOwn, isPlainObject, propertyLabel as label, type JsonObject } from "../internal/own";
import { isValidComponentName } from "../schema/names";

export type Data = JsonObject;
export { getOwn, isObject, isPlainObject, setOwn, propertyLabel as label } from "../internal/own";
export { isStandardJSONSchema } from "../schema/vendor";

/** `plugin "bearerAuth" (options.schemeName)`. */
export function optionLocation(plugin: string, option: string): string {
  return `plugin "${plugin}" (${option})`;
}

export function optionError(plugin: string, option: string, detail: string, code: SpecloomErrorCode = "INVALID_DEFINITION"): SpecloomError {
  return new SpecloomError(code, optionLocation(plugin, option), detail);
}

/**
 * The options object: `undefined` (when allowed) is `{}`; anything but a plain object, or a
 * key the plugin does not know (a typo such as `schemaName`), is INVALID_DEFINITION.
 */
export function readOptions(plugin: string, options: unknown, known: readonly string[], required: boolean): Data {
  if (options === undefined && !required) return {};
  if (!isPlainObject(options)) {
    throw optionError(plugin, "options", `expected an options object ({ ${known.join(", ")} }), found ${describeValue(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw optionError(plugin, `options${label(key)}`, `unknown option (expected ${known.join(", ")})`);
  }
  return options;
}

/** A string option; `nonEmpty` rejects `""`. */
export function stringOption(plugin: string, options: Data, key: string, nonEmpty: boolean): string | undefined {
  const value = getOwn(options, key);
  if (value === undefined) return undefined;
  if (typeof value !== "string" || (nonEmpty && value === "")) {
    throw optionError(plugin, `options.${key}`, `expected a ${nonEmpty ? "non-empty " : ""}string, found ${describeValue(value)}`);
  }
  return value;
}

/** A name for `components.*`: letters, digits, ".", "-" and "_". */
export function componentNameOption(plugin: string, value: unknown, option: string): string {
  if (typeof value !== "string" || !isValidComponentName(value)) {
    throw optionError(plugin, option, `expected a non-empty component name (letters, digits, ".", "-" and "_" only), found ${describeValue(value)}`);
  }
  return value;
}
