/** `specloom merge <base> <source...>`: several documents into one, with createMerge(). */
import { Option, type Command } from "commander";
import { SpecloomError, createMerge, type MergeConflict, type OpenAPIDocument } from "specloom";
import { pathItemOperations } from "../../internal/http-methods";
import { loadInput } from "../documents";
import { applyOverlays } from "../apply-overlays";
import { cliErrorLines, specloomErrorLine } from "../errors";
import { EXIT_CODES, usageAfterErrors } from "../help";
import { mergeOptions, type MergeFlags } from "../merge-options";
import { ModuleLoader } from "../module";
import { oneStdin, sourceOf, type Source } from "../sources";
import { writeDocument, writeRequest, type WriteFlags } from "../write-document";
import { checkOption, collect, forceOption, formatOption, outputOption, overlayOption, remoteOption, rootOption } from "./options";

export interface MergeCommandOptions extends MergeFlags, WriteFlags {
  root?: string;
  remote?: boolean;
  quiet?: boolean;
  /** `--overlay`: Overlay files applied to the merged document, in order. */
  overlay?: string[];
}

/** Adds `merge` to the program. */
export function registerMerge(program: Command): void {
  const command = program
    .command("merge")
    .summary("merge OpenAPI documents into one")
    .description("Merge OpenAPI documents into one: base first, then the sources, in order (createMerge() from the library).")
    .argument("<base>", "the base document: its openapi, info, servers and security win")
    .argument("<sources...>", "more documents; JSON or YAML files, - for stdin (once), or modules")
    .addOption(outputOption())
    .addOption(formatOption())
    .addOption(new Option("--components <mode>", "a component name in two documents: error, share-identical (keep one if identical) or rename (prefix the later one)").choices(["error", "share-identical", "rename"]).default("error"))
    .addOption(new Option("--operation-ids <mode>", "an operationId in two documents: error, or rename (prefix the later one)").choices(["error", "rename"]).default("error"))
    .addOption(new Option("--servers <mode>", "base (the first servers found), or per-path (documents with other servers keep them on their path items)").choices(["base", "per-path"]).default("base"))
    .addOption(new Option("--security <mode>", "base (the first security found), or per-operation (documents with other security keep it on their operations)").choices(["base", "per-operation"]).default("base"))
    .option("--path-prefix <file=/prefix>", "put every path of one input under /prefix; repeat for more inputs", collect)
    .addOption(new Option("--path-prefix-from <field>", "give every input without --path-prefix a path prefix made from its info.title (/twilio-chat, /twilio-chat-2, ...)").choices(["title"]))
    .option("--prefix <file=Prefix_>", "the prefix of one input's renamed components and operationIds (default: its title in PascalCase plus _); repeat for more inputs", collect)
    .addOption(overlayOption())
    .addOption(rootOption())
    .addOption(remoteOption())
    .option("-q, --quiet", "do not print the summary line on stderr")
    .addOption(checkOption())
    .addOption(forceOption())
    .addHelpText(
      "after",
      `
A JSON or YAML input whose $refs reach into other files is bundled first (as by specloom bundle).
A summary line on stderr gives the documents, paths, operations and components merged and the time taken.

Examples:
  $ specloom merge gateway.yaml users.json billing.json -o api.json
  $ specloom merge base.json users.json --path-prefix users.json=/users --components share-identical
  $ cat generated.json | specloom merge base.yaml - --operation-ids rename -o api.yaml
  $ specloom merge test/corpora/twilio/*.json --components rename --operation-ids rename \\
      --path-prefix-from title --servers per-path --security per-operation -o twilio.json
${EXIT_CODES}`,
    )
    .action((base: string, sources: string[], options: MergeCommandOptions) => mergeCommand([base, ...sources], { ...options, quiet: options.quiet === true }));
  usageAfterErrors(command);
}

export async function mergeCommand(inputs: readonly string[], options: MergeCommandOptions): Promise<void> {
  const started = performance.now();
  const sources = inputs.map(sourceOf);
  const overlays = (options.overlay ?? []).map(sourceOf);
  oneStdin([...sources, ...overlays]);
  const optionsFor = mergeOptions(options, sources);
  const result = await writeDocument(writeRequest(options, [...sources, ...overlays], "merged document"), async () =>
    applyOverlays(await mergeInputs(sources, optionsFor, { root: options.root, remote: options.remote }), overlays),
  );
  if (!options.quiet) {
    const seconds = (performance.now() - started) / 1000;
    const where = options.output === undefined || options.output === "-" ? "" : ` into ${options.output}`;
    console.error(`specloom: merged ${count(sources.length, "document")}${where} in ${seconds.toFixed(seconds < 10 ? 2 : 1)} s: ${summary(result)}`);
  }
}

/** The inputs, read one after the other (the first bad file in argument order is the one reported), merged. */
async function mergeInputs(sources: readonly Source[], optionsFor: ReturnType<typeof mergeOptions>, references: { root?: string; remote?: boolean }): Promise<OpenAPIDocument> {
  const loader = new ModuleLoader();
  const documents: OpenAPIDocument[] = [];
  for (const source of sources) documents.push(await loadInput(source, loader, references));
  try {
    const [base, ...rest] = documents as [OpenAPIDocument, ...OpenAPIDocument[]];
    return createMerge(optionsFor(documents))(base, ...rest);
  } catch (error) {
    // The library names inputs `base` and `sources[i]`; say which files those are. Each
    // conflict is a line of its own.
    if (!(error instanceof SpecloomError)) throw error;
    const each = error.conflicts ?? [error];
    throw cliErrorLines(each.map((conflict) => asFlags(specloomErrorLine(conflict, legend(conflict, sources)))));
  }
}

/** ` (base is a.json, sources[2] is d.yaml)` for the inputs an error mentions. */
function legend(error: MergeConflict | SpecloomError, sources: readonly Source[]): string {
  const text = `${error.location} ${error.message}`;
  const named = new Map<string, string>();
  if (/(^|[\s(])base(?=$|[\s.[:(])/.test(text) && sources[0]) named.set("base", sources[0].label);
  for (const match of text.matchAll(/\bsources\[(\d+)\]/g)) {
    const source = sources[Number(match[1]) + 1];
    if (source) named.set(match[0], source.label);
  }
  return named.size === 0 ? "" : ` (${[...named].map(([name, file]) => `${name} is ${file}`).join(", ")})`;
}

/**
 * The library's hints name createMerge() options; on the command line they are flags:
 * `createMerge({ components: "rename" })` is `--components rename`, `createMerge({ pathPrefix })`
 * and `a pathPrefix with createMerge()` are `--path-prefix`.
 */
function asFlags(text: string): string {
  const flag = (option: string) => `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return text
    .replace(/createMerge\(\{ (\w+): "([\w-]+)" \}\)/g, (_all, option: string, value: string) => `${flag(option)} ${value}`)
    .replace(/createMerge\(\{ (\w+) \}\)/g, (_all, option: string) => flag(option))
    .replace(/\ba (\w+) with createMerge\(\)/g, (_all, option: string) => `a ${flag(option)}`);
}

/** `1,132 paths, 1,447 operations, 1,268 components` of the merged document. */
function summary(document: OpenAPIDocument): string {
  let operations = 0;
  for (const group of [document.paths, document.webhooks]) {
    for (const item of Object.values(group ?? {})) operations += pathItemOperations(item as Record<string, unknown>).length;
  }
  let components = 0;
  for (const map of Object.values(document.components ?? {})) components += Object.keys((map ?? {}) as object).length;
  const parts = [count(Object.keys(document.paths ?? {}).length, "path"), count(operations, "operation"), count(components, "component")];
  if (document.webhooks) parts.splice(1, 0, count(Object.keys(document.webhooks).length, "webhook"));
  return parts.join(", ");
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}
