/**
 * A contract test's report as JUnit XML, the form CI systems read (GitHub Actions reporters,
 * GitLab, Jenkins): one testsuite, one testcase per operation, a failure with the request,
 * the response and the curl command, a skipped element for what was skipped or not run.
 */
import type { ContractReport, OperationReport } from "specloom/contract";
import { contractSummary, failureLines } from "./contract-output";

/** Whether XML 1.0 can hold the code point: tab, line feed, carriage return, and U+0020 up, less lone surrogates and U+FFFE/FFFF. */
function xmlChar(code: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
}

/** Text as XML character data or an attribute value: markup escaped, and characters XML 1.0 cannot hold replaced. */
export function xmlText(text: string): string {
  let out = "";
  // Iterating a string yields code points: a surrogate pair is one, a lone surrogate is replaced.
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (!xmlChar(code)) out += "\ufffd";
    else if (char === "&") out += "&amp;";
    else if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === '"') out += "&quot;";
    else if (char === "\n") out += "&#10;";
    else if (char === "\r") out += "&#13;";
    else out += char;
  }
  return out;
}

/** Element content keeps its line breaks as they are. */
const content = (text: string) => xmlText(text).replace(/&#10;/g, "\n");

const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(3);

function testcase(entry: OperationReport): string {
  const open = `    <testcase classname="specloom.contract" name="${xmlText(entry.operation)}" time="${seconds(entry.duration)}">`;
  if (entry.failure !== undefined) {
    const first = entry.failure.problems[0]?.message ?? "failed";
    return `${open}\n      <failure message="${xmlText(first)}" type="${entry.failure.kind === "valid" ? "valid request" : "invalid request"}">${content(failureLines(entry, entry.failure).join("\n"))}</failure>\n    </testcase>`;
  }
  if (entry.outcome === "skipped" || entry.outcome === "not run") return `${open}\n      <skipped message="${xmlText(`${entry.outcome}: ${entry.reason ?? ""}`)}"/>\n    </testcase>`;
  return `${open}</testcase>`;
}

export function junitReport(report: ContractReport): string {
  const failures = report.operations.filter((entry) => entry.outcome === "failed").length;
  const skipped = report.operations.filter((entry) => entry.outcome === "skipped" || entry.outcome === "not run").length;
  const totals = `tests="${report.operations.length}" failures="${failures}" errors="${report.unreachable === undefined ? 0 : 1}" skipped="${skipped}" time="${seconds(report.duration)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="specloom test" ${totals}>`,
    `  <testsuite name="${xmlText(`contract ${report.baseUrl}`)}" ${totals}>`,
    `    <properties>\n      <property name="seed" value="${report.seed}"/>\n      <property name="runs" value="${report.runs}"/>\n    </properties>`,
    ...report.operations.map(testcase),
    `    <system-out>${content(contractSummary(report))}</system-out>`,
    "  </testsuite>",
    "</testsuites>",
  ];
  return `${lines.join("\n")}\n`;
}
