/**
 * JSON or YAML text to a value, with the line and column of a syntax error. `.json` is JSON,
 * `.yaml` and `.yml` are YAML; anything else is JSON when it starts with `{` or `[`, else YAML.
 */
import { refuseExpansion } from "./alias-expansion";

/** Which syntax `name` (a path or URL) is read as; `"auto"` looks at the text. */
export function syntaxOf(name: string | undefined): "json" | "yaml" | "auto" {
  const extension = /\.([A-Za-z]+)$/.exec(name?.replace(/[?#].*$/, "") ?? "")?.[1]?.toLowerCase();
  if (extension === "json") return "json";
  return extension === "yaml" || extension === "yml" ? "yaml" : "auto";
}

/** The parsed value; rejects with an Error whose one-line message says what is wrong and where. */
export async function parseText(text: string, syntax: "json" | "yaml" | "auto"): Promise<unknown> {
  const json = syntax === "json" || (syntax === "auto" && /^\s*[{[]/.test(text));
  if (text.trim() === "") throw new Error(`is empty (expected ${json ? "JSON" : "a JSON or YAML document"})`);
  if (json) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new Error(`invalid JSON: ${jsonErrorDetail(error as Error, text)}`);
    }
  }
  // Loaded when first needed: the command reads YAML only for some inputs.
  const { parse, YAMLParseError } = await import("yaml");
  let value: unknown;
  try {
    value = parse(text, { maxAliasCount: 1000 }) as unknown;
  } catch (error) {
    // Not a fault of the text: the yaml package recurses once per level of nesting.
    if (/Maximum call stack size exceeded/.test((error as Error).message)) {
      throw new Error("is nested deeper than the YAML reader can follow (the yaml package recurses once per level); write it as JSON, which is read without recursion");
    }
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0];
      const detail = error.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ?? error.message;
      throw new Error(`invalid YAML${where ? ` at line ${where.line}, column ${where.col}` : ""}: ${detail}`);
    }
    throw new Error(`invalid YAML: ${(error as Error).message}`);
  }
  refuseExpansion(value, text.length);
  return value;
}

/** `at line 3, column 7: Expected ',' or '}' after property value`, from JSON.parse's position. */
function jsonErrorDetail(error: Error, text: string): string {
  const match = /^(.*?)(?: in JSON)? at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(error.message);
  if (!match) return error.message;
  const position = Number(match[2]);
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  const column = position - before.lastIndexOf("\n");
  return `at line ${line}, column ${column}: ${match[1]}`;
}

/** bundle()'s `parse` for JSON and YAML: by the URL's extension, else by the text. */
export function parseDocumentText(text: string, url: string): Promise<unknown> {
  return parseText(text, syntaxOf(url));
}
