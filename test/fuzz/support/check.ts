/**
 * One fuzz case: run a call on fresh inputs, check every invariant, run it again on equal
 * fresh inputs and compare. Returns the problems found (empty when the case passes) and
 * the outcome, which the runner counts.
 */
import { SpecloomError } from "specloom";
import { GetterTrap, hookThrown } from "../arbitraries/throws";
import { documentProblems } from "./documents";
import { globalChanges, restoreGlobals, snapshotGlobals } from "./globals";
import { inputChanges, snapshotInputs } from "./inputs";

const CODES = new Set(["INVALID_ROUTE_KEY", "DUPLICATE_PATH", "DUPLICATE_SCHEMA", "INVALID_DEFINITION", "SCHEMA_RESOLUTION_FAILED"]);

export interface Call {
  /** Everything the caller handed over, for the snapshot. */
  inputs: unknown;
  run: () => unknown;
  /**
   * Whether a returned document must be valid with every `$ref` resolving (default true).
   * merge() promises that only for valid inputs; a returned document is always checked to
   * be deeply frozen.
   */
  mustBeValid?: boolean;
}

/** What a call did: a document, a SpecloomError of a code, a caller's getter error, or something else. */
export type Outcome = { kind: "document"; json: string; unjudged?: string } | { kind: "error"; code: string; location: string } | { kind: "getter"; message: string } | { kind: "other"; what: string };

/** The name the statistics file a case under. */
export function outcomeLabel(outcome: Outcome): string {
  if (outcome.kind === "document") return outcome.unjudged === undefined ? "document" : `document the OpenAPI validator crashed on (${outcome.unjudged})`;
  if (outcome.kind === "error") return outcome.code;
  if (outcome.kind === "getter") return "caller's getter error (passes through)";
  return `OTHER: ${outcome.what}`;
}

function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ""}`;
    return `a thrown ${typeof error} (${hookThrown.has(error as object) ? "a hook's own value" : "not an Error"})`;
  } catch {
    return "a thrown value that cannot be described";
  }
}

function classify(error: unknown, problems: string[]): Outcome {
  if (error instanceof SpecloomError) {
    if (!CODES.has(error.code)) problems.push(`SpecloomError with unknown code ${String(error.code)}`);
    if (typeof error.message !== "string" || !error.message.startsWith(error.location)) problems.push(`message does not start with its location: ${error.message}`);
    // The location, not the message: a message may quote a library's own description of a
    // schema (ArkType numbers its types), which differs between equal inputs.
    return { kind: "error", code: error.code, location: error.location };
  }
  if (error instanceof GetterTrap) return { kind: "getter", message: error.message };
  const what = describeThrown(error);
  problems.push(`threw something that is not a SpecloomError: ${what}`);
  return { kind: "other", what: what.split("\n")[0] ?? what };
}

/** Runs a call once, checking globals, inputs and the result. */
async function runOnce(call: Call, problems: string[]): Promise<Outcome> {
  const globals = snapshotGlobals();
  const inputs = snapshotInputs(call.inputs);
  let outcome: Outcome;
  let document: unknown;
  try {
    document = call.run();
    outcome = { kind: "document", json: JSON.stringify(document) };
  } catch (error) {
    outcome = classify(error, problems);
  }
  const polluted = globalChanges(globals);
  if (polluted.length > 0) {
    for (const change of polluted) problems.push(`global changed: ${change}`);
    restoreGlobals(globals);
  }
  for (const change of inputChanges(inputs)) problems.push(change);
  if (outcome.kind !== "document") return outcome;
  const judged = await documentProblems(document, call.mustBeValid ?? true);
  for (const problem of judged.problems) problems.push(problem);
  return judged.unjudged === undefined ? outcome : { ...outcome, unjudged: judged.unjudged };
}

export async function checkCase(fresh: () => Call | Promise<Call>): Promise<{ outcome: Outcome; problems: string[] }> {
  const problems: string[] = [];
  const outcome = await runOnce(await fresh(), problems);
  if (problems.length > 0) return { outcome, problems };
  const again = await runOnce(await fresh(), problems);
  if (JSON.stringify(again) !== JSON.stringify(outcome)) {
    problems.push(`a second call with equal inputs gave another result:\n  first:  ${JSON.stringify(outcome).slice(0, 400)}\n  second: ${JSON.stringify(again).slice(0, 400)}`);
  }
  return { outcome, problems };
}
