/** `specloom diff <before> <after>`: the changes between two documents, and whether they break a client. */
import { Option, type Command } from "commander";
import { diff, type DiffLevel, type OpenAPIDocument } from "specloom";
import { applyOverlays } from "../apply-overlays";
import { validateDocument } from "../document-problems";
import { loadInput } from "../documents";
import { readIgnoreFile } from "../diff-ignore";
import { DIFF_FORMATS, formatChanges, type DiffFormat } from "../diff-output";
import { failsAt, summaryLines } from "../diff-summary";
import { CliError, ExitCode, UsageError } from "../errors";
import { usageAfterErrors } from "../help";
import { ModuleLoader } from "../module";
import { writeStdout } from "../output";
import { createValidator } from "../schema-validator";
import { oneStdin, sourceOf, type Source } from "../sources";
import { collect, remoteOption, rootOption } from "./options";

export interface DiffCommandOptions {
  failOn: DiffLevel | "never";
  format: DiffFormat;
  byOperation?: boolean;
  ignore?: string;
  overlay?: string[];
  strict?: boolean;
  today?: string;
  root?: string;
  remote?: boolean;
  quiet?: boolean;
}

export function registerDiff(program: Command, setExitCode: (code: ExitCode) => void): void {
  const command = program
    .command("diff")
    .summary("list the changes between two documents; fail on a breaking one")
    .description("List every change between two OpenAPI documents a client can notice, with its level (error: breaks a client, warning: may break one, info: breaks none), and fail when one reaches --fail-on.")
    .argument("<before>", "the document clients were written against: JSON or YAML, - for stdin (once), or a module")
    .argument("<after>", "the new document")
    .addOption(new Option("--fail-on <level>", "exit with 1 when a change of this level or above is found").choices(["error", "warning", "info", "never"]).default("error"))
    .addOption(new Option("--format <format>", "text, json, markdown (a pull request comment) or github (GitHub Actions annotations)").choices(DIFF_FORMATS).default("text"))
    .option("--by-operation", "list each change at each operation it is seen at, instead of each distinct change once")
    .option("--ignore <file>", "leave out the changes this file lists: one per line, an id then an operation (GET /pets) or a JSON pointer")
    .addOption(new Option("--overlay <file>", "apply this Overlay document (1.0 or 1.1) to both documents before comparing; repeat for more, applied in order").argParser(collect))
    .option("--strict", "refuse a document that fails the OpenAPI schema of its version (default: warn and compare it)")
    .option("--today <date>", "the day x-sunset dates are compared with (default: today)")
    .addOption(rootOption())
    .addOption(remoteOption())
    .option("-q, --quiet", "do not print the summary line on stderr")
    .addHelpText(
      "after",
      `
Both inputs are read as every command reads them: JSON or YAML files bundled first (their
$refs into other files followed), modules generated, --overlay files applied (to both).
Each distinct change is listed once, most severe first: level id: what changed (JSON
pointer), then how many operations it reaches and one of them; the pointer is into <after>,
or into <before> for what was removed. --by-operation lists it at each operation instead.

Examples:
  $ specloom diff main.json openapi.json
  $ specloom diff base/openapi.yaml src/api.ts --fail-on warning --format github
  $ specloom diff v1.json v2.json --ignore .specloom-diff-ignore --format markdown

Exit codes:
  0  no change at or above --fail-on
  1  a change at or above --fail-on, or a bad file; one line on stderr says which
  2  a usage mistake (unknown option, missing argument, bad value)`,
    )
    .action(async (before: string, after: string, options: DiffCommandOptions) => {
      if (await diffCommand(before, after, options)) setExitCode(ExitCode.failure);
    });
  usageAfterErrors(command);
}

/** Runs the command; true when a change reached `--fail-on`. */
export async function diffCommand(beforeArg: string, afterArg: string, options: DiffCommandOptions): Promise<boolean> {
  const sources = [sourceOf(beforeArg), sourceOf(afterArg)] as const;
  const overlays = (options.overlay ?? []).map(sourceOf);
  const ignoreSource = options.ignore === undefined ? undefined : sourceOf(options.ignore);
  oneStdin([...sources, ...overlays, ...(ignoreSource ? [ignoreSource] : [])]);
  if (options.today !== undefined && Number.isNaN(Date.parse(options.today))) throw new UsageError(`--today: ${JSON.stringify(options.today)} is not a date such as 2026-01-31`);
  const ignore = ignoreSource === undefined ? [] : await readIgnoreFile(ignoreSource);
  const loader = new ModuleLoader();
  const documents: OpenAPIDocument[] = [];
  for (const source of sources) documents.push(await applyOverlays(await loadInput(source, loader, { root: options.root, remote: options.remote, localAsParsed: true }), overlays));
  await checkShape(sources, documents, options.strict === true);
  const result = diff(documents[0], documents[1], { ignore, ...(options.today === undefined ? {} : { today: options.today }) });
  await writeStdout(formatChanges(result, options.format, { byOperation: options.byOperation === true, failOn: options.failOn }));
  if (!options.quiet) for (const line of summaryLines(result, options.failOn)) console.error(`specloom: ${line}`);
  return failsAt(result.changes, options.failOn);
}

/**
 * Each document's problems against the OpenAPI schema: a warning line, and the documents are
 * compared anyway (real documents often fail it in small ways); with --strict, a failure.
 */
async function checkShape(sources: readonly Source[], documents: readonly OpenAPIDocument[], strict: boolean): Promise<void> {
  const validator = createValidator(undefined, { packageRefCheck: false });
  for (let i = 0; i < documents.length; i++) {
    const source = sources[i] as Source;
    const problems = await validateDocument(documents[i], validator, source.kind !== "module");
    if (problems.length === 0) continue;
    const first = problems[0] as (typeof problems)[number];
    const line = `${source.label}: ${problems.length} problem${problems.length === 1 ? "" : "s"} against the OpenAPI schema (the first: ${first.pointer}: ${first.message})`;
    if (strict) throw new CliError(`${line}; --strict refuses it`);
    console.error(`specloom: warning: ${line}; compared anyway`);
  }
}
