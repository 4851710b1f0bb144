/**
 * `specloom diff`'s formats on a real pair, Stripe's API six months apart (test/corpora/stripe):
 * each fits its medium. Text lists each distinct change once with its reach and an example;
 * Markdown stays under a pull request comment's 65,536 characters; GitHub gets at most 10
 * annotations per level and one notice counting the rest; --by-operation lists each change at
 * each operation; the summary names what reached --fail-on. In process: the command's own
 * tests (diff.test.ts) run it whole.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { diff, type DiffResult } from "specloom";
import { formatChanges } from "../../src/cli/diff-output";
import { ANNOTATIONS_PER_LEVEL } from "../../src/cli/diff-github";
import { MARKDOWN_LIMIT } from "../../src/cli/diff-markdown";
import { shownChanges } from "../../src/cli/diff-shown";
import { summaryLines } from "../../src/cli/diff-summary";

const root = join(import.meta.dirname, "..", "..");
const stripe = (date: string) => JSON.parse(readFileSync(join(root, "test", "corpora", "stripe", `spec3.${date}.json`), "utf8")) as Record<string, unknown>;

let result: DiffResult;
/** How many entries each kind of list has: the distinct changes as shown, and the changes at operations. */
let total: { shown: number; byOperation: number };
beforeAll(() => {
  result = diff(stripe("2021-07-27"), stripe("2022-01-19"));
  total = { shown: shownChanges(result).length, byOperation: result.changes.length };
});

const byDefault = { byOperation: false, failOn: "error" } as const;
const byOperation = { byOperation: true, failOn: "error" } as const;
const LEVELS = /^(error|warning|info) {1,3}/;

describe("specloom diff's formats on Stripe's API six months apart", () => {
  it("text: each distinct change once (enum values of one property on one line), most severe first, each with its reach", () => {
    const text = formatChanges(result, "text", byDefault);
    const heads = text.split("\n").filter((line) => LEVELS.test(line));
    expect(heads.length).toBe(total.shown);
    expect(total.shown).toBeLessThan(result.distinct.length);
    const levels = heads.map((line) => line.split(" ")[0]);
    expect(levels).toEqual([...levels].sort((a, b) => ["error", "warning", "info"].indexOf(a as string) - ["error", "warning", "info"].indexOf(b as string)));
    expect(text).toContain(
      'error   response-property-enum-value-added: the property locale of the schema checkout.session: the value "fil" was added to the enum (/components/schemas/checkout.session/properties/locale)\n' +
        "        at 3 operations, e.g. GET /v1/checkout/sessions: the property data/items/locale of the response 200 (application/json)\n",
    );
    expect(text).toContain('the property type of the schema invoices_resource_invoice_tax_id: the values "au_arn", "ge_vat", "ua_vat" were added to the enum');
  });

  it("--by-operation: one line per change at each operation", () => {
    const lines = formatChanges(result, "text", byOperation).split("\n").filter((line) => line !== "");
    expect(lines.length).toBe(result.changes.length);
    expect(lines).toContain(
      "error   response-property-enum-value-added: GET /v1/checkout/sessions: the property data/items/locale of the response 200 (application/json): the value \"fil\" was added to the enum (/components/schemas/checkout.session/properties/locale)",
    );
  });

  it("markdown: under 65,536 characters, the counts on top, the changes that fail the job open, the rest folded", () => {
    for (const options of [byDefault, byOperation]) {
      const markdown = formatChanges(result, "markdown", options);
      expect(markdown.length).toBeLessThan(MARKDOWN_LIMIT);
      const lines = markdown.split("\n");
      expect(lines[2]).toMatch(/^\*\*\d+ changes: \d+ errors, \d+ warnings, \d+ info\*\*, at \d+ operations \(breaking\)\.$/);
      const rows = lines.filter((line) => /^\| (error|warning|info) \|/.test(line)).length;
      const left = /^(\d+) more not shown here/m.exec(markdown);
      expect(rows + Number(left?.[1] ?? 0)).toBe(options.byOperation ? total.byOperation : total.shown);
    }
    const markdown = formatChanges(result, "markdown", byDefault);
    expect(markdown).toMatch(/\*\*This fails the job\*\*: --fail-on error: \d+ changes reached it, at \d+ places: /);
    const folded = markdown.slice(markdown.indexOf("<details>"));
    expect(folded).not.toMatch(/^\| error \|/m);
    expect(markdown.slice(0, markdown.indexOf("<details>"))).not.toMatch(/^\| (warning|info) \|/m);
  });

  it("github: at most 10 annotations per level, the notice counting the rest first; then the report for the log", () => {
    for (const options of [byDefault, byOperation]) {
      const output = formatChanges(result, "github", options);
      const commands = output.split("\n").filter((line) => line.startsWith("::"));
      for (const level of ["error", "warning", "notice"]) {
        expect(commands.filter((line) => line.startsWith(`::${level} `)).length).toBeLessThanOrEqual(ANNOTATIONS_PER_LEVEL);
      }
      expect(commands[0]).toMatch(/^::notice title=specloom diff::\d+ more changes( at operations)? are not annotated \(\d+ (errors|warnings|info)(, \d+ (warnings|info))*\): the step's log lists them all$/);
      expect(commands.length - 1 + Number(/::(\d+) more/.exec(commands[0] as string)?.[1])).toBe(options.byOperation ? total.byOperation : total.shown);
      const log = output.slice(output.indexOf("\n", output.lastIndexOf("\n::") + 1) + 1);
      expect(log.split("\n").filter((line) => LEVELS.test(line)).length).toBe(options.byOperation ? total.byOperation : total.shown);
    }
  });

  it("the summary names the changes that reached --fail-on, and nothing when none did", () => {
    const [counts, failing] = summaryLines(result, "error");
    expect(counts).toMatch(/^\d+ changes: \d+ errors, \d+ warnings, \d+ info, at 390 operations \(breaking\)$/);
    expect(failing).toMatch(/^--fail-on error: \d+ changes reached it, at \d+ places: response-property-enum-value-added at \/components\/schemas\/checkout.session\/properties\/locale \(3 operations\), .*, and \d+ more places$/);
    // The count and the list in one unit: values added to one enum are one place.
    const erring = result.distinct.filter((change) => change.level === "error");
    const places = new Set(erring.map((change) => `${change.id} at ${change.location}`)).size;
    expect(places).toBeLessThan(erring.length);
    const [, changes, at, more] = /^--fail-on error: (\d+) changes reached it, at (\d+) places: .*, and (\d+) more places$/.exec(failing as string) ?? [];
    expect([Number(changes), Number(at), Number(more) + 5]).toEqual([erring.length, places, places]);
    expect(summaryLines(result, "never")).toEqual([counts]);
  });

  it("the grain: each change once per operation and place, and each in the distinct change that lists its operation", () => {
    const seen = new Set(result.changes.map((change) => `${change.operation}|${change.id}|${change.location}|${change.message}`));
    expect(seen.size).toBe(result.changes.length);
    const reach = new Set(result.distinct.flatMap((change) => change.operations.map((operation) => `${operation}|${change.id}|${change.location}`)));
    expect(result.changes.filter((change) => change.operation !== undefined && !reach.has(`${change.operation}|${change.id}|${change.location}`))).toEqual([]);
    const atOperations = new Set(result.changes.filter((change) => change.operation !== undefined).map((change) => `${change.operation}|${change.id}|${change.location}`));
    expect([...reach].filter((key) => !atOperations.has(key))).toEqual([]);
    const shared = result.distinct.find((change) => change.location === "/components/schemas/charge/properties/status");
    expect(shared?.operations.length).toBe(384);
  });

  it("JSON is diff()'s result: changes, distinct and breaking", () => {
    const json = JSON.parse(formatChanges(result, "json", byDefault)) as DiffResult;
    expect(Object.keys(json)).toEqual(["changes", "distinct", "breaking"]);
    expect(json.distinct.length).toBe(result.distinct.length);
  });
});

describe("docs/diff.md shows the report of the Stripe pair as the command prints it", () => {
  it("every line of the excerpt is in the report, and the summary is the command's", () => {
    const page = readFileSync(join(root, "docs", "diff.md"), "utf8");
    const block = /<!-- the Stripe report -->\s*```text\n([\s\S]*?)```/.exec(page)?.[1];
    expect(block).toBeDefined();
    const lines = (block as string).split("\n").filter((line) => line !== "" && line !== "...");
    const report = formatChanges(result, "text", byDefault).split("\n");
    const summary = summaryLines(result, "error").map((line) => `specloom: ${line}`);
    // The summary in full, or cut with "...".
    const shown = lines.filter((line) => line.startsWith("specloom: "));
    expect(shown.length).toBe(summary.length);
    shown.forEach((line, i) => expect(summary[i]?.startsWith(line.replace(/\.\.\.$/, ""))).toBe(true));
    for (const line of lines.filter((line) => !line.startsWith("specloom: "))) expect(report).toContain(line);
  });
});
