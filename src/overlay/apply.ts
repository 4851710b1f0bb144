/**
 * applyOverlay(): an OpenAPI document with Overlay 1.0 and 1.1 documents applied, in order.
 */
import { SpecloomError, describeValue } from "../errors";
import { cloneData } from "../internal/clone";
import { deepFreeze } from "../internal/freeze";
import { isObject, type JsonObject } from "../internal/own";
import { markProduced } from "../internal/produced";
import type { OpenAPIDocument } from "../types/document";
import { readOverlay } from "./read-overlay";
import { runAction } from "./run-action";
import type { Overlay } from "./types";

/**
 * Applies each overlay's actions, in order, to a copy of `document`, and returns that copy,
 * deeply frozen. Every overlay is checked against the Overlay schema of its version before
 * any action runs; a bad overlay, or an action the specification calls an error, is a
 * SpecloomError (INVALID_DEFINITION) naming the overlay, the action and the field:
 * `overlays[1].actions[3].target: ...`. Neither the document nor the overlays are changed
 * or frozen. The result is not checked against the OpenAPI schema: the specification lets
 * an overlay make any change, so validate the result where that matters.
 */
export function applyOverlay<T extends object = OpenAPIDocument>(document: T, ...overlays: Overlay[]): T {
  const parsed = overlays.map((overlay, index) => readOverlay(overlay, index));
  if (!isObject(document)) throw new SpecloomError("INVALID_DEFINITION", "document", `expected an OpenAPI document object, found ${describeValue(document)}`);
  const root = cloneData(document as JsonObject, "document");
  // "The list of actions MUST be applied in sequential order": each sees the result of the one before.
  for (const overlay of parsed) for (const action of overlay.actions) runAction(root, action, overlay.version);
  return markProduced(deepFreeze(root)) as unknown as T;
}
