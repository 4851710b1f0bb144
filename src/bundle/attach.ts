import { SpecloomError, describeValue } from "../errors";
import { getOwn, isObject, setOwn, type JsonObject } from "../internal/own";

/** Component sections in the specification's field order, for sections bundling adds. */
const SECTION_ORDER = ["schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links", "callbacks", "pathItems"];

/**
 * Adds the components bundling made (section to name to value) to the document's
 * `components`, after the entry's own names; a section the entry lacks comes after its
 * sections, in the specification's order.
 */
export function attachComponents(document: JsonObject, added: ReadonlyMap<string, JsonObject>, location: string): void {
  if (added.size === 0) return;
  let components = getOwn(document, "components");
  if (components === undefined) setOwn(document, "components", (components = {}));
  if (!isObject(components)) throw new SpecloomError("INVALID_DEFINITION", location, `expected an object, found ${describeValue(components)}`);
  for (const section of SECTION_ORDER) {
    const names = added.get(section);
    if (!names) continue;
    const existing = getOwn(components, section);
    if (!isObject(existing)) {
      setOwn(components, section, names);
      continue;
    }
    for (const name of Object.keys(names)) setOwn(existing, name, names[name]);
  }
}
