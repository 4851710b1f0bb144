import type { JsonObject } from "../internal/own";
import type { Check, Dialect } from "./types";

/** What a keyword's compiler asks of the schema compiler. */
export interface Compiler {
  readonly dialect: Dialect;
  /** A subschema judging another value (a property's, an item's), at `keyword` below the node. */
  sub(node: unknown, keyword: string): Check;
  /** A subschema judging the same value (`allOf`, `$ref`...): followed for the cycle check. */
  inPlace(node: unknown, keyword: string): Check;
  /** A `pattern` compiled once; a bad one is the document's mistake. */
  regex(pattern: unknown, keyword: string): RegExp;
  /** A schema with its `$ref` followed (to read `readOnly`/`writeOnly` of a property). */
  target(node: unknown): JsonObject | undefined;
  /** The document's mistake at `keyword` of the node being compiled: throws. */
  refuse(keyword: string, detail: string): never;
}

/** Compiles one keyword group of a schema node into checks (none when the node has no such keyword). */
export type KeywordGroup = (schema: JsonObject, compiler: Compiler) => Check[];
