/** The document docsHandler serves: given, or from a function called once, and checked once. */
import { SpecloomError, describeThrown, describeValue } from "../errors";
import { getOwn, isObject } from "../internal/own";

/** A document, or a function returning one (or a promise of one), called on the first request. */
export type DocumentSource = object | (() => object | Promise<object>);

const LOCATION = "docsHandler source";

/** The document itself when it is one; a SpecloomError naming what is wrong otherwise. */
export function checkDocument(value: unknown, location = LOCATION): object {
  if (!isObject(value)) throw new SpecloomError("INVALID_DEFINITION", location, `expected an OpenAPI document object, found ${describeValue(value)}`);
  const version = getOwn(value, "openapi");
  if (typeof version !== "string" || !/^3\.\d+\.\d+/.test(version)) throw new SpecloomError("INVALID_DEFINITION", `${location}.openapi`, `expected an OpenAPI 3.x version such as "3.1.0", found ${describeValue(version)}`);
  if (!isObject(getOwn(value, "info"))) throw new SpecloomError("INVALID_DEFINITION", `${location}.info`, `expected an Info Object, found ${describeValue(getOwn(value, "info"))}`);
  return value;
}

/** Checks a document at once; a function is checked when it has answered. */
export function documentLoader(source: unknown): () => Promise<object> {
  if (typeof source !== "function") {
    const document = checkDocument(source);
    return () => Promise.resolve(document);
  }
  let pending: Promise<object> | undefined;
  return () => {
    pending ??= (async () => {
      let value: unknown;
      try {
        value = await (source as () => unknown)();
      } catch (error) {
        throw new SpecloomError("INVALID_DEFINITION", LOCATION, `the function threw: ${describeThrown(error)}`, { cause: error });
      }
      return checkDocument(value, `${LOCATION}()`);
    })();
    return pending;
  };
}
