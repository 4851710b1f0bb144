/**
 * A diagnostic, never timed: how many times `openapi()` calls the libraries' converters for
 * one document. Each schema object of the definition is replaced by a proxy whose
 * `~standard.jsonSchema` counts its calls (one proxy per object, so identity is kept).
 */
import type { RouteShorthand, SpecloomDefinition, StandardJSONSchemaV1 } from "specloom";

export function countVendorCalls(definition: SpecloomDefinition, build: (definition: SpecloomDefinition) => unknown): number {
  let calls = 0;
  const proxies = new Map<object, StandardJSONSchemaV1>();
  const counted = (value: unknown): unknown => {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) return value;
    const props = (value as { "~standard"?: StandardJSONSchemaV1["~standard"] })["~standard"];
    if (!props?.jsonSchema) return value;
    let proxy = proxies.get(value);
    if (!proxy) {
      const standard = {
        ...props,
        jsonSchema: {
          input: (options: StandardJSONSchemaV1.Options) => (calls++, props.jsonSchema.input(options)),
          output: (options: StandardJSONSchemaV1.Options) => (calls++, props.jsonSchema.output(options)),
        },
      };
      proxy = new Proxy(value as StandardJSONSchemaV1, { get: (target, key) => (key === "~standard" ? standard : Reflect.get(target, key)) });
      proxies.set(value, proxy);
    }
    return proxy;
  };
  const paths: Record<string, RouteShorthand> = {};
  for (const [key, route] of Object.entries(definition.paths)) {
    paths[key] = Object.fromEntries(Object.entries(route).map(([field, value]) => [field, counted(value)])) as RouteShorthand;
  }
  const schemas = definition.schemas && (Object.fromEntries(Object.entries(definition.schemas).map(([name, schema]) => [name, counted(schema)])) as Record<string, StandardJSONSchemaV1>);
  build({ ...definition, paths, ...(schemas ? { schemas } : {}) });
  return calls;
}
