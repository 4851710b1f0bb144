/**
 * The one place that knows the JSONPath library (json-p3, which passes the whole JSONPath
 * Compliance Test Suite): compiling a query, and running it to a list of node locations.
 * Queries are parsed, never evaluated as code.
 */
import { JSONPathEnvironment, JSONPathError, type JSONPathQuery, type JSONValue } from "json-p3";
import { SpecloomError } from "../errors";

/**
 * RFC 9535 as written: no non-standard selectors. A descendant segment (`..`) walks the
 * library's own recursion, so it stops, with an error, at a depth far beyond any real
 * document's (the library's default, 50, is within reach of deeply nested schemas).
 */
const environment = new JSONPathEnvironment({ strict: true, maxRecursionDepth: 1000 });

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

/**
 * The nodes `query` selects in `root`, in the order RFC 9535 gives them, all found before
 * the caller changes anything. Through the library's lazy walk: its eager one spreads each
 * selector's results into a call's arguments, which overflows the stack past about 100,000
 * nodes.
 */
export function select(query: CompiledQuery, root: unknown, location: string): readonly SelectedNode[] {
  try {
    const nodes: SelectedNode[] = [];
    for (const node of query.lazyQuery(root as JSONValue)) nodes.push(node);
    return nodes;
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
