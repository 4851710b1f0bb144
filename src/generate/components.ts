import { SpecloomError, describeValue } from "../errors";
import { isPlainObject, setOwn, type JsonObject } from "../internal/own";
import { isStandardJSONSchema } from "../schema/vendor";
import type { ComponentKind } from "../types/definition-forms";
import { buildCallback, type OperationBuilder } from "./callbacks";
import { COMPONENT_KINDS, type ComponentEntry } from "./component-refs";
import { modelContext, OperationScope, type BuildContext, type Site } from "./context";
import { headerOf } from "./header-schemas";
import { parameterObject } from "./listed-parameters";
import { copyModel } from "./object-model";
import { buildRequestBody } from "./request-body";
import { responseAt } from "./responses";

/**
 * The registered components besides schemas, each built as a route's part of that kind is
 * (a response as a status value, a request body as `body`...), so the same forms and the
 * same checks apply. Returns each kind's map, in registration order; kinds without entries
 * are left out.
 */
export function buildComponents(context: BuildContext, build: OperationBuilder): Partial<Record<ComponentKind, JsonObject>> {
  const result: Partial<Record<ComponentKind, JsonObject>> = {};
  for (const kind of COMPONENT_KINDS) {
    const entries = context.components.entries(kind);
    if (entries.length === 0) continue;
    const map: JsonObject = {};
    for (const entry of entries) setOwn(map, entry.name, componentOf(context, entry, build));
    result[kind] = map;
  }
  return result;
}

function componentOf(context: BuildContext, entry: ComponentEntry, build: OperationBuilder): unknown {
  const scope = new OperationScope(context, entry, entry.name);
  const site = scope.site("", "");
  const value = entry.value;
  switch (entry.kind) {
    case "parameters":
      return parameterObject(scope, value, site);
    case "responses":
      return responseComponent(scope, value, site);
    case "requestBodies":
      return buildRequestBody(scope, value, site);
    case "headers":
      return headerComponent(scope, value, site);
    case "examples":
      return context.parts.later(copyModel("Example", value, entry.location, modelContext(scope, "output", "component", site)));
    case "links":
      context.links = true;
      return context.parts.later(copyModel("Link", value, entry.location, context.models));
    case "callbacks":
      if (isPlainObject(value) && "$ref" in value) return reference(scope, value, site);
      context.callbacks = true;
      return buildCallback(context, value, entry.location, entry.name, build);
  }
}

/** A response component says what it is: it has no status whose reason phrase could stand in. */
function responseComponent(scope: OperationScope, value: unknown, site: Site): unknown {
  if (isPlainObject(value) && "$ref" in value) return reference(scope, value, site);
  if (!isPlainObject(value) || isStandardJSONSchema(value)) {
    throw new SpecloomError("INVALID_DEFINITION", site.location, `expected a response shorthand or ResponseObject with a description ({ description, schema, ... }), found ${describeValue(value)}`);
  }
  if (typeof value.description !== "string" || value.description === "") {
    throw new SpecloomError("INVALID_DEFINITION", `${site.location}.description`, "a reusable response needs a description of its own (a route's status code supplies one, a component has none)");
  }
  return responseAt(scope, site, value.description, value);
}

/** A header component: a Header Object (its schema may be a Standard schema), or a Standard schema alone. */
function headerComponent(scope: OperationScope, value: unknown, site: Site): unknown {
  if (isStandardJSONSchema(value)) return headerOf(scope, scope.context.compiler.schema(value, "output", site), false, site);
  return scope.context.parts.later(copyModel("Header", value, site.location, modelContext(scope, "output", "header", site)));
}

function reference(scope: OperationScope, value: JsonObject, site: Site): unknown {
  scope.context.callerRefs = true;
  return scope.context.parts.later(copyModel("Reference", value, site.location, scope.context.models));
}
