/** `specloom test <module-or-file> --base URL`: contract tests of a running server against its document. */
import { InvalidArgumentError, Option, type Command } from "commander";
import type { ContractReport } from "specloom/contract";
import { contractSummary, textReport } from "../contract-output";
import { loadDocument } from "../documents";
import { CliError, ExitCode, UsageError, describeFailure } from "../errors";
import { usageAfterErrors } from "../help";
import { junitReport } from "../junit";
import { writeStdout } from "../output";
import { sourceOf } from "../sources";
import { collect, exportOption, openapiOption, remoteOption, rootOption } from "./options";

const FORMATS = ["text", "json", "junit"] as const;

export interface TestCommandOptions {
  base: string;
  seed: number;
  runs: number;
  format: (typeof FORMATS)[number];
  include?: string[];
  exclude?: string[];
  timeBudget?: number;
  requestTimeout?: number;
  header?: string[];
  param?: string[];
  quiet?: boolean;
  export?: string;
  openapi?: "3.0.3" | "3.1.0" | "3.2.0";
  root?: string;
  remote?: boolean;
}

const wholeNumber = (min: number) => (value: string) => {
  const number = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number) || number < min) throw new InvalidArgumentError(`expected a whole number, ${min} or more`);
  return number;
};

const seconds = (value: string) => {
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number) || number <= 0) throw new InvalidArgumentError("expected a number of seconds above 0");
  return number;
};

export function registerTest(program: Command, setExitCode: (code: ExitCode) => void): void {
  const command = program
    .command("test")
    .summary("test a running server against the document: valid and invalid requests, every answer checked")
    .description(
      "Send each operation requests the document allows (its edges: empty strings, bounds, enum ends, optional parts absent and present) and requests that break one rule, to the server at --base only, and check every answer: declared status, headers, media type and body; no 5XX for a valid request, a 4XX for an invalid one. A failure is shrunk to the smallest request that still shows it and printed with a curl command that replays it.",
    )
    .argument("<module-or-file>", "a module (as for generate) or a JSON or YAML document")
    .requiredOption("--base <url>", "where the server listens, such as http://127.0.0.1:3000 (requests go there and nowhere else)")
    .option("--seed <number>", "the seed of drawn requests: the same seed, the same run", wholeNumber(Number.MIN_SAFE_INTEGER), 0)
    .option("--runs <number>", "drawn requests per operation, beside its edges and broken rules", wholeNumber(0), 50)
    .addOption(new Option("--format <format>", "text, json or junit (JUnit XML for CI)").choices(FORMATS).default("text"))
    .addOption(new Option("--include <operation>", "test only this operation: an operationId, a route key (\"GET /pets/{id}\"), a path, or tag:name; repeat for more").argParser(collect))
    .addOption(new Option("--exclude <operation>", "leave this operation out (the same forms); repeat for more").argParser(collect))
    .option("--time-budget <seconds>", "stop starting requests after this long (default 300)", seconds)
    .option("--request-timeout <seconds>", "how long one response may take (default 10)", seconds)
    .addOption(new Option("--header <header>", 'send this header with every request, "Name: value" (credentials); repeat for more').argParser(collect))
    .addOption(new Option("--param <name=value>", "a value for a path parameter the server must know (an existing id); repeat for more values").argParser(collect))
    .addOption(exportOption())
    .addOption(openapiOption())
    .addOption(rootOption())
    .addOption(remoteOption())
    .option("-q, --quiet", "do not print the summary line on stderr")
    .addHelpText(
      "after",
      `
The report goes to stdout, one line on stderr sums it up. Redirects are not followed.
A --param value is read as JSON when it is JSON (--param id=42 is the number 42).

Examples:
  $ specloom test src/api.ts --base http://127.0.0.1:3000
  $ specloom test openapi.yaml --base http://127.0.0.1:8080/v1 --param petId=1 --runs 100
  $ specloom test openapi.json --base http://127.0.0.1:3000 --format junit > contract.xml

Exit codes:
  0  the server honours the document
  1  a failure: the report says which operation, what was wrong, and how to replay it
  2  the test could not run: a usage mistake, an input that cannot be read, no server at --base`,
    )
    .action(async (input: string, options: TestCommandOptions) => {
      setExitCode(await testCommand(input, options));
    });
  usageAfterErrors(command);
}

/** `Name: value` pairs to an object (a name given twice keeps the values, comma-joined as HTTP does). */
function headersOf(list: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of list) {
    const colon = entry.indexOf(":");
    if (colon < 1) throw new UsageError(`--header: expected "Name: value", found ${JSON.stringify(entry)}`);
    const name = entry.slice(0, colon).trim();
    const value = entry.slice(colon + 1).trim();
    Object.defineProperty(headers, name, { value: Object.hasOwn(headers, name) ? `${headers[name]}, ${value}` : value, enumerable: true, writable: true, configurable: true });
  }
  return headers;
}

/** `name=value` pairs to lists of values by name; a value that is JSON is read as JSON. */
function parametersOf(list: readonly string[]): Record<string, unknown[]> {
  const parameters: Record<string, unknown[]> = {};
  for (const entry of list) {
    const equals = entry.indexOf("=");
    if (equals < 1) throw new UsageError(`--param: expected name=value, found ${JSON.stringify(entry)}`);
    const name = entry.slice(0, equals);
    const text = entry.slice(equals + 1);
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    if (!Object.hasOwn(parameters, name)) Object.defineProperty(parameters, name, { value: [], enumerable: true, writable: true, configurable: true });
    (parameters[name] as unknown[]).push(value);
  }
  return parameters;
}

/** Runs the test; resolves to the exit code. What keeps the test from running is exit code 2. */
export async function testCommand(input: string, options: TestCommandOptions): Promise<ExitCode> {
  const source = sourceOf(input);
  if (source.kind === "stdin") throw new UsageError("test reads a file or a module; it cannot read stdin (-)");
  const headers = headersOf(options.header ?? []);
  const parameters = parametersOf(options.param ?? []);
  let report: ContractReport;
  try {
    const document = await loadDocument(source, { exportName: options.export, openapi: options.openapi, references: { root: options.root, remote: options.remote } });
    // Loaded here, not with the command line: fast-check is read only by a command that tests.
    const { contractTest } = await import("specloom/contract");
    report = await contractTest(document, {
      baseUrl: options.base,
      seed: options.seed,
      runs: options.runs,
      headers,
      parameters,
      ...(options.include === undefined ? {} : { include: options.include }),
      ...(options.exclude === undefined ? {} : { exclude: options.exclude }),
      ...(options.timeBudget === undefined ? {} : { timeBudget: Math.round(options.timeBudget * 1000) }),
      ...(options.requestTimeout === undefined ? {} : { requestTimeout: Math.round(options.requestTimeout * 1000) }),
    });
  } catch (error) {
    if (error instanceof CliError && error.exitCode === ExitCode.usage) throw error;
    throw new CliError(describeFailure(error).text.replace(/^specloom: /, ""), ExitCode.usage);
  }
  if (report.unreachable !== undefined) throw new CliError(`cannot reach the server: ${report.unreachable}`, ExitCode.usage);
  await writeStdout(options.format === "json" ? `${JSON.stringify(report, null, 2)}\n` : options.format === "junit" ? junitReport(report) : textReport(report));
  if (!options.quiet && options.format !== "text") console.error(`specloom: ${contractSummary(report)}`);
  return report.ok ? ExitCode.ok : ExitCode.failure;
}
