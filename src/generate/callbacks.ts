import { SpecloomError, describeValue } from "../errors";
import { needs32 } from "../internal/http-methods";
import { getOwn, isPlainObject, propertyLabel, setOwn, type JsonObject } from "../internal/own";
import { pascalCase } from "../schema/names";
import type { OperationObject, PathItemObject } from "../types/document";
import { OperationScope, type BuildContext } from "./context";
import { copyModel } from "./object-model";
import { orderMethods, placeOperation } from "./path-items";
import { parseMethod } from "./route-key";
import { hasVersion, needsVersion } from "./version";

/** How an operation is built from a route shorthand (./operation.ts, passed in so neither imports the other). */
export type OperationBuilder = (scope: OperationScope, route: JsonObject, path: string, pathParams: readonly string[], operationId: string) => OperationObject;

/**
 * A route's `callbacks`: each name holds a registered callback's name, a Reference Object,
 * or `"METHOD expression"` keys to route shorthands, built as any route is. `parentId`
 * starts the operationIds the callback's operations get when they give none.
 */
export function buildCallbacks(scope: OperationScope, value: unknown, parentId: string, build: OperationBuilder): JsonObject {
  const context = scope.context;
  const location = `${scope.location}.callbacks`;
  if (!isPlainObject(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected a map of callback names to callbacks, found ${describeValue(value)}`);
  const callbacks: JsonObject = {};
  for (const name of Object.keys(value)) {
    const at = location + propertyLabel(name);
    const callback = value[name];
    let built: JsonObject;
    if (typeof callback === "string") built = context.parts.seal(context.components.ref("callbacks", callback, at));
    else if (isPlainObject(callback) && "$ref" in callback) {
      context.callerRefs = true;
      built = context.parts.later(copyModel("Reference", callback, at, context.models));
    } else built = buildCallback(context, callback, at, parentId + pascalCase(name), build);
    setOwn(callbacks, name, built);
  }
  context.callbacks = true;
  return context.parts.seal(callbacks);
}

/**
 * One Callback Object: runtime expressions to path items, each operation built from its
 * route. The API sends a callback's request, so its body is written in the output form.
 */
export function buildCallback(context: BuildContext, value: unknown, location: string, idStem: string, build: OperationBuilder): JsonObject {
  if (!isPlainObject(value)) {
    throw new SpecloomError("INVALID_DEFINITION", location, `expected a callback ({ "METHOD expression": route }), a Reference Object or a registered callback's name, found ${describeValue(value)}`);
  }
  const items: Record<string, PathItemObject> = {};
  const keys = Object.keys(value);
  for (const key of keys) {
    const at = `${location}[${JSON.stringify(key)}]`;
    const match = /^(\S+) (\S+)$/.exec(key);
    if (!match) throw new SpecloomError("INVALID_ROUTE_KEY", at, `callback key ${JSON.stringify(key)} is not of the form "METHOD expression" (one space between them), such as "POST {$request.body#/callbackUrl}"`);
    const method = parseMethod(match[1], at);
    const expression = match[2] as string;
    if (needs32(method) && !hasVersion(context.version, "3.2.0")) throw new SpecloomError("INVALID_ROUTE_KEY", at, `the method ${method.toUpperCase()} ${needsVersion("3.2.0", context.version)}`);
    const route = value[key];
    if (!isPlainObject(route)) throw new SpecloomError("INVALID_DEFINITION", at, `expected a route definition object, found ${describeValue(route)}`);
    if (route.callbacks !== undefined) throw new SpecloomError("INVALID_DEFINITION", `${at}.callbacks`, "a callback's operation cannot declare callbacks of its own here; register the inner callback and refer to it from a route");
    const prior = getOwn(items, expression) as PathItemObject | undefined;
    if (prior !== undefined && (prior as JsonObject)[method] !== undefined) throw new SpecloomError("DUPLICATE_PATH", at, `${method.toUpperCase()} ${expression} is defined twice in this callback`);
    const operationId = callbackOperationId(context, route, at, idStem + (keys.length > 1 ? pascalCase(method.toLowerCase()) : ""));
    placeOperation(items, expression, method, build(new OperationScope(context, { location: at }, operationId, "output"), route, expression, [], operationId));
  }
  for (const expression of Object.keys(items)) {
    const item = orderMethods(getOwn(items, expression) as PathItemObject);
    if (item.additionalOperations) context.parts.seal(item.additionalOperations);
    setOwn(items, expression, context.parts.seal(item));
  }
  return context.parts.seal(items) as JsonObject;
}

/** The operation's own operationId (unique in the document), or one made from the callback's stem. */
function callbackOperationId(context: BuildContext, route: JsonObject, at: string, stem: string): string {
  const given = route.operationId;
  if (given !== undefined) {
    if (typeof given !== "string" || given === "") throw new SpecloomError("INVALID_DEFINITION", `${at}.operationId`, `expected a non-empty string, found ${describeValue(given)}`);
    if (context.operationIds.has(given)) throw new SpecloomError("DUPLICATE_PATH", `${at}.operationId`, `operationId "${given}" is already used by another operation of the document`);
    context.operationIds.add(given);
    return given;
  }
  const base = stem.charAt(0).toLowerCase() + stem.slice(1);
  const taken = (id: string) => context.operationIds.has(id) || context.reservedIds?.has(id) === true;
  let id = base;
  for (let n = 2; taken(id); n++) id = `${base}${n}`;
  context.operationIds.add(id);
  return id;
}

/**
 * The operationIds callbacks' routes give themselves, read before any is built, so an id
 * made for a callback operation never takes one a later callback gives.
 */
export function givenCallbackIds(routes: readonly JsonObject[], components: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  const read = (callback: unknown) => {
    if (!isPlainObject(callback)) return;
    for (const key of Object.keys(callback)) {
      const route = callback[key];
      if (isPlainObject(route) && typeof route.operationId === "string") ids.add(route.operationId);
    }
  };
  for (const route of routes) {
    if (isPlainObject(route.callbacks)) for (const name of Object.keys(route.callbacks)) read(route.callbacks[name]);
  }
  for (const callback of components) read(callback);
  return ids;
}
