import { SpecloomError, describeThrown, describeValue } from "../errors";
import { isObject } from "../internal/own";
import type { SpecloomPlugin } from "../types/definition";

type Hook = "transformRoute" | "transformSchema" | "transformDocument";
const HOOKS: readonly Hook[] = ["transformRoute", "transformSchema", "transformDocument"];

/** Checks the `plugins` option: objects with a name and function hooks. */
export function checkPlugins(plugins: unknown): SpecloomPlugin[] {
  if (plugins === undefined) return [];
  if (!Array.isArray(plugins)) throw new SpecloomError("INVALID_DEFINITION", "plugins", `expected an array of plugins, found ${describeValue(plugins)}`);
  return plugins.map((plugin: unknown, index) => {
    const at = `plugins[${index}]`;
    if (!isObject(plugin)) throw new SpecloomError("INVALID_DEFINITION", at, `expected a plugin object, found ${describeValue(plugin)}`);
    if (typeof plugin.name !== "string" || plugin.name === "") throw new SpecloomError("INVALID_DEFINITION", `${at}.name`, `a plugin needs a non-empty string name, found ${describeValue(plugin.name)}`);
    if (plugin.schemas !== undefined && !isObject(plugin.schemas)) {
      throw new SpecloomError("INVALID_DEFINITION", `plugin "${plugin.name}" (schemas)`, `expected a map of names to schemas, found ${describeValue(plugin.schemas)}`);
    }
    for (const hook of HOOKS) {
      if (plugin[hook] !== undefined && typeof plugin[hook] !== "function") {
        throw new SpecloomError("INVALID_DEFINITION", `plugin "${plugin.name}" (${hook})`, `expected a function, found ${describeValue(plugin[hook])}`);
      }
    }
    return plugin as unknown as SpecloomPlugin;
  });
}

/**
 * Calls one hook. A throw becomes a SpecloomError naming the plugin, the hook and what it
 * was working on, with the original as `cause`; a result that is not an object is one too.
 */
export function runHook(plugin: SpecloomPlugin, hook: Hook, args: readonly unknown[], subject: string): Record<string, unknown> {
  const where = `plugin "${plugin.name}" (${hook}) on ${subject}`;
  let result: unknown;
  try {
    result = (plugin[hook] as (...a: unknown[]) => unknown).apply(plugin, args as unknown[]);
  } catch (error) {
    const code = error instanceof SpecloomError ? error.code : "INVALID_DEFINITION";
    throw new SpecloomError(code, where, `threw: ${describeThrown(error)}`, { cause: error });
  }
  if (result instanceof Promise) throw new SpecloomError("INVALID_DEFINITION", where, "returned a Promise; hooks are synchronous");
  if (!isObject(result)) throw new SpecloomError("INVALID_DEFINITION", where, `returned ${describeValue(result)}, not an object`);
  return result;
}
