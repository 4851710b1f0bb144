/**
 * The merge command's flags as createMerge() options. Per-input flags (`--path-prefix
 * file=/prefix`, `--prefix file=Name_`) name an input as it was written on the command line
 * (or any path to the same file); `--path-prefix-from title` gives every other input a path
 * prefix made from its `info.title`, unique even where titles repeat.
 */
import { resolve } from "node:path";
import type { MergeOptions, OpenAPIDocument } from "specloom";
import type { MergeInput } from "../merge/inputs";
import { defaultPrefixes } from "../merge/prefixes";
import { UsageError } from "./errors";
import type { Source } from "./sources";

export interface MergeFlags {
  components?: "error" | "share-identical" | "rename";
  operationIds?: "error" | "rename";
  servers?: "base" | "per-path";
  security?: "base" | "per-operation";
  pathPrefix?: string[];
  pathPrefixFrom?: "title";
  prefix?: string[];
}

/** Checks the per-input flags against the inputs; usage mistakes are found before any file is read. */
export function parseAssignments(values: readonly string[] | undefined, flag: string, sources: readonly Source[], check: (value: string) => string | undefined): Map<number, string> {
  const assigned = new Map<number, string>();
  for (const text of values ?? []) {
    const split = splitAssignment(text, sources);
    if (!split) {
      const hint = text.includes("=") ? `names no input (inputs: ${sources.map((s) => s.arg).join(" ")})` : "expects file=value";
      throw new UsageError(`${flag} ${JSON.stringify(text)} ${hint}`);
    }
    const problem = check(split.value);
    if (problem) throw new UsageError(`${flag} ${JSON.stringify(text)}: ${problem}`);
    for (const index of split.indexes) {
      if (assigned.has(index)) throw new UsageError(`${flag} is given twice for ${sources[index]?.arg}`);
      assigned.set(index, split.value);
    }
  }
  return assigned;
}

/** `file=value` split at the `=` whose left side names an input; file names may hold `=` too. */
function splitAssignment(text: string, sources: readonly Source[]): { indexes: number[]; value: string } | undefined {
  for (let at = text.lastIndexOf("="); at > 0; at = text.lastIndexOf("=", at - 1)) {
    const file = text.slice(0, at);
    const path = file === "-" ? undefined : resolve(file);
    const indexes = sources.flatMap((source, index) => (source.arg === file || (path !== undefined && source.path === path) ? [index] : []));
    if (indexes.length > 0) return { indexes, value: text.slice(at + 1) };
  }
  return undefined;
}

/** The createMerge() options for the flags. `documents` are the inputs, base first. */
export function mergeOptions(flags: MergeFlags, sources: readonly Source[]): (documents: readonly OpenAPIDocument[]) => MergeOptions {
  const pathPrefixes = parseAssignments(flags.pathPrefix, "--path-prefix", sources, (value) =>
    value === "" || value.startsWith("/") ? undefined : 'a path prefix starts with "/" (or is empty for none)',
  );
  const prefixes = parseAssignments(flags.prefix, "--prefix", sources, (value) => (value === "" ? "the prefix must not be empty" : undefined));
  return (documents) => {
    const options: MergeOptions = {};
    if (flags.components) options.components = flags.components;
    if (flags.operationIds) options.operationIds = flags.operationIds;
    if (flags.servers) options.servers = flags.servers;
    if (flags.security) options.security = flags.security;
    if (pathPrefixes.size > 0 || flags.pathPrefixFrom) {
      const fromTitles = flags.pathPrefixFrom === "title" ? titlePathPrefixes(documents, pathPrefixes) : [];
      options.pathPrefix = (_document, index) => pathPrefixes.get(index) ?? fromTitles[index] ?? "";
    }
    if (prefixes.size > 0) {
      // Inputs without a --prefix keep the library's default (the title in PascalCase plus "_").
      // defaultPrefixes() reads only each input's `index` and `document.info.title`.
      let defaults: string[] | undefined;
      const inputs = () => documents.map((document, index) => ({ index, document }) as unknown as MergeInput);
      options.prefix = (_document, index) => prefixes.get(index) ?? (defaults ??= defaultPrefixes(inputs()))[index] ?? "";
    }
    return options;
  };
}

/**
 * `/` plus the title in lower-case words joined by `-` ("Twilio - Chat" is `/twilio-chat`);
 * a title that gives a prefix already taken (by an earlier title or a --path-prefix) gets a
 * number (`/twilio-chat-2`). A title without letters or digits gives `/document-<n>`.
 */
export function titlePathPrefixes(documents: readonly OpenAPIDocument[], explicit: ReadonlyMap<number, string>): (string | undefined)[] {
  // As createMerge() uses them: without trailing slashes ("/a/" is "/a", "/" is none).
  const taken = new Set([...explicit.values()].map((prefix) => prefix.replace(/\/+$/, "")).filter((prefix) => prefix !== ""));
  return documents.map((document, index) => {
    if (explicit.has(index)) return undefined;
    const title = typeof document.info?.title === "string" ? document.info.title : "";
    const slug = title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join("-") || `document-${index + 1}`;
    let candidate = `/${slug}`;
    for (let n = 2; taken.has(candidate); n++) candidate = `/${slug}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}
