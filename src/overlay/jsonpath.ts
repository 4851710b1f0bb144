/**
 * The one place that knows the JSONPath library (json-p3, which passes the whole JSONPath
 * Compliance Test Suite): compiling a query, and running it to a list of node locations.
 * Queries are parsed, never evaluated as code.
 */
import { JSONPathEnvironment, JSONPathError, type JSONPathQuery, type JSONValue } from "json-p3";
import { SpecloomError } from "../errors";

/** RFC 9535 as written: no non-standard selectors. */
const environment = new JSONPathEnvironment({ strict: true });

export type CompiledQuery = JSONPathQuery;

/** The compiled query, or INVALID_DEFINITION at `location` saying why it is not RFC 9535 JSONPath. */
export function compileQuery(text: string, location: string): CompiledQuery {
  try {
    return environment.compile(text);
  } catch (error) {
    if (error instanceof JSONPathError) throw new SpecloomError("INVALID_DEFINITION", location, `not an RFC 9535 JSONPath query: ${error.message}`);
    throw error;
  }
}

/** A selected node: its value and the keys and indexes that lead to it from the root. */
export interface SelectedNode {
  readonly value: unknown;
  readonly location: readonly (string | number)[];
}

/** The nodes `query` selects in `root`, in the order RFC 9535 gives them. */
export function select(query: CompiledQuery, root: unknown, location: string): readonly SelectedNode[] {
  try {
    return query.query(root as JSONValue).nodes;
  } catch (error) {
    // A descendant segment over a tree deeper than the library walks, for one.
    if (error instanceof JSONPathError) throw new SpecloomError("INVALID_DEFINITION", location, `the query cannot run on this document: ${error.message}`);
    throw error;
  }
}

/** A location as an RFC 9535 normalized path, for messages: `$['paths']['/a']`. */
export function normalizedPath(location: readonly (string | number)[]): string {
  let text = "$";
  for (const part of location) text += typeof part === "number" ? `[${part}]` : `['${part.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}']`;
  return text;
}
