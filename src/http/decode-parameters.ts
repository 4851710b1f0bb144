import { setOwn, type JsonObject } from "../internal/own";
import type { EncodedLocation, Encoding } from "../model/parameter-encoding";
import { propertyNames, type Resolve, type ValueShape } from "./json-schema";
import { readDeepObject } from "./deep-object";
import { Malformed, formDecode, percentDecode } from "./text-decoding";

/** One parameter as the validator reads it: where, how it is serialised, and its JSON Schema. */
export interface ParameterModel {
  readonly name: string;
  readonly in: EncodedLocation;
  readonly required: boolean;
  readonly encoding: Encoding;
  readonly schema: JsonObject | undefined;
  readonly shape: ValueShape;
}

type Decoded = unknown | Malformed;
type Decode = (text: string) => string | Malformed;

/** Each piece decoded; the first broken one is the answer. */
function decodeAll(pieces: readonly string[], decode: Decode): string[] | Malformed {
  const out: string[] = [];
  for (const piece of pieces) {
    const text = decode(piece);
    if (text instanceof Malformed) return text;
    out.push(text);
  }
  return out;
}

/** `k,v,k,v` (explode false) or `k=v` pieces (explode true) to an object; keys are data. */
function objectOf(pieces: readonly string[], assigned: boolean, decode: Decode): JsonObject | Malformed {
  const result: JsonObject = {};
  if (assigned) {
    for (const piece of pieces) {
      const equals = piece.indexOf("=");
      if (equals === -1) return new Malformed(`expected name=value pairs, found ${JSON.stringify(piece)}`);
      const key = decode(piece.slice(0, equals));
      const value = decode(piece.slice(equals + 1));
      if (key instanceof Malformed) return key;
      if (value instanceof Malformed) return value;
      setOwn(result, key, value);
    }
    return result;
  }
  if (pieces.length % 2 !== 0) return new Malformed("expected name,value pairs (an even number of comma-separated items)");
  for (let i = 0; i < pieces.length; i += 2) {
    const key = decode(pieces[i] as string);
    const value = decode(pieces[i + 1] as string);
    if (key instanceof Malformed) return key;
    if (value instanceof Malformed) return value;
    setOwn(result, key, value);
  }
  return result;
}

/** A value whose separators are given: one value, a list, or an object of pairs. */
function splitShape(text: string, shape: ValueShape, separator: string, explode: boolean, decode: Decode): Decoded {
  if (shape === "scalar") return decode(text);
  if (text === "") return shape === "array" ? [] : {};
  if (shape === "array") return decodeAll(text.split(explode ? separator : ","), decode);
  return objectOf(text.split(explode ? separator : ","), explode, decode);
}

/** A path segment's capture (`simple`, `label` `.a.b`, `matrix` `;id=1;id=2`), percent-decoded after splitting. */
export function decodePath(raw: string, parameter: ParameterModel): Decoded {
  const { style, explode } = parameter.encoding;
  if (style === "simple") return splitShape(raw, parameter.shape, ",", explode, percentDecode);
  const lead = style === "label" ? "." : ";";
  if (!raw.startsWith(lead)) return new Malformed(`expected the ${style} style, which starts with "${lead}"`);
  const text = raw.slice(1);
  if (style === "label") return splitShape(text, parameter.shape, ".", explode, percentDecode);
  if (parameter.shape === "object" && explode) return splitShape(text, "object", ";", true, percentDecode);
  const prefix = `${parameter.name}=`;
  if (parameter.shape === "array" && explode) {
    const pieces: string[] = [];
    for (const piece of text.split(";")) {
      if (!piece.startsWith(prefix)) return new Malformed(`expected ";${prefix}..." for each item`);
      pieces.push(piece.slice(prefix.length));
    }
    return decodeAll(pieces, percentDecode);
  }
  if (text === parameter.name) return splitShape("", parameter.shape, ",", false, percentDecode);
  if (!text.startsWith(prefix)) return new Malformed(`expected ";${prefix}..."`);
  return splitShape(text.slice(prefix.length), parameter.shape, ",", false, percentDecode);
}

/** The separator of an array or object written in one query value, as written on the wire. */
const DELIMITERS: Readonly<Record<string, RegExp>> = { form: /,/, spaceDelimited: /%20|\+| /, pipeDelimited: /\||%7C/i };

/** A query parameter from the query's pairs; undefined when the query does not have it. */
export function decodeQuery(pairs: ReadonlyMap<string, string[]>, parameter: ParameterModel, resolve: Resolve, decode: Decode = parameter.encoding.allowReserved ? percentDecode : formDecode): Decoded {
  const { style, explode } = parameter.encoding;
  if (style === "deepObject") return readDeepObject(pairs, parameter.name, decode);
  if (parameter.shape === "object" && explode) {
    // form, exploded: each property is a query parameter of its own (`?R=100&G=200`).
    const result: JsonObject = {};
    let found = false;
    for (const name of propertyNames(parameter.schema, resolve)) {
      const values = pairs.get(name);
      if (values === undefined) continue;
      const value = decode(values[0] as string);
      if (value instanceof Malformed) return value;
      setOwn(result, name, value);
      found = true;
    }
    return found ? result : undefined;
  }
  const values = pairs.get(parameter.name);
  if (values === undefined) return undefined;
  if (parameter.shape === "array" && explode) return decodeAll(values, decode);
  const first = values[0] as string;
  if (parameter.shape === "scalar") return decode(first);
  if (first === "") return parameter.shape === "array" ? [] : {};
  const pieces = first.split(DELIMITERS[style] ?? /,/);
  return parameter.shape === "array" ? decodeAll(pieces, decode) : objectOf(pieces, false, decode);
}

/** A header (`simple`): not percent-encoded; list items are trimmed, as a repeated header joins them with ", ". */
export function decodeHeader(raw: string | null, parameter: ParameterModel): Decoded {
  if (raw === null) return undefined;
  const trimmed = (text: string) => text.trim();
  return splitShape(raw, parameter.shape, ",", parameter.encoding.explode, trimmed);
}

/** A cookie: `form` values are percent-decoded, 3.2's `cookie` style ones are taken as written. */
export function decodeCookie(pairs: ReadonlyMap<string, string[]>, parameter: ParameterModel, resolve: Resolve): Decoded {
  const decode: Decode = parameter.encoding.style === "cookie" ? (text) => text : percentDecode;
  const { explode } = parameter.encoding;
  // Exploded, an object's properties are cookies of their own, read as an exploded form query is.
  if (parameter.shape === "object" && explode) return decodeQuery(pairs, { ...parameter, encoding: { style: "form", explode, allowReserved: false } }, resolve, decode);
  const values = pairs.get(parameter.name);
  if (values === undefined) return undefined;
  if (parameter.shape === "array" && explode) return decodeAll(values, decode);
  return splitShape(values[0] as string, parameter.shape, ",", false, decode);
}
