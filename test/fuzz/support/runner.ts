/**
 * Runs a fuzz target with fast-check: `runs` cases from `seed`, each checked by
 * ./check.ts. Counts outcomes until the first failure (shrinking runs are not counted)
 * and returns fast-check's report, which holds the seed, the path and the shrunk input.
 */
import fc from "fast-check";
import { checkCase, outcomeLabel, type Call } from "./check";

export interface FuzzTarget<Plan> {
  name: string;
  plan: fc.Arbitrary<Plan>;
  /** Method syntax on purpose: a target of any plan type is a FuzzTarget<unknown>. */
  call(plan: Plan): Call | Promise<Call>;
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** Replays one case: the `path` fast-check printed with a failure. */
  path?: string;
  /** Stops starting new cases after this many milliseconds. */
  timeLimitMs?: number;
  /**
   * Goes on after a failure and counts failures by their first problem, keeping the
   * shortest input of each: a long run then reports every kind of failure, not the first.
   */
  survey?: boolean;
  /** Called after every case, shrinking runs included, with how many have run so far. */
  onCase?: (casesSoFar: number) => void;
}

export interface FuzzResult {
  target: string;
  seed: number;
  casesRun: number;
  outcomes: Record<string, number>;
  /** fast-check's failure report (seed, path, shrunk input, problems); undefined when all passed. */
  failure?: string;
  /** With `survey`: each kind of problem, how often, and the shortest input that showed it. */
  failures: Record<string, FailureKind>;
}

/** A kind of failure in a survey: how often, and the shortest input that showed it. */
export interface FailureKind {
  count: number;
  example: string;
  problems: string;
  /** The `--seed` and `--path` options that replay the shortest input's case. */
  replay: string;
}

export async function runFuzz<Plan>(target: FuzzTarget<Plan>, options: FuzzOptions): Promise<FuzzResult> {
  const outcomes: Record<string, number> = {};
  let casesRun = 0;
  let counting = true;
  const failures: FuzzResult["failures"] = {};
  let calls = 0;
  const property = fc.asyncProperty(target.plan, async (plan) => {
    const { outcome, problems } = await checkCase(() => target.call(plan));
    calls++;
    options.onCase?.(calls);
    if (problems.length > 0 && options.survey) {
      casesRun++;
      // No shrinking in a survey: the n-th call is the case at path n - 1.
      record(failures, problems, { example: fc.stringify(plan), replay: `--seed ${options.seed} --path ${options.path ?? calls - 1}` });
      return;
    }
    if (problems.length > 0) {
      counting = false;
      throw new Error(problems.join("\n"));
    }
    if (counting) {
      casesRun++;
      const label = outcomeLabel(outcome);
      outcomes[label] = (outcomes[label] ?? 0) + 1;
    }
  });
  const details = await fc.check(property, {
    numRuns: options.runs,
    seed: options.seed,
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.timeLimitMs === undefined ? {} : { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false }),
  });
  const problems = details.errorInstance instanceof Error ? `\nProblems:\n${details.errorInstance.message}` : "";
  const failure = details.failed ? `${fc.defaultReportMessage(details) ?? "failed"}${problems}` : undefined;
  return { target: target.name, seed: options.seed, casesRun, outcomes, failures, ...(failure === undefined ? {} : { failure }) };
}

/** The kind of a failure: its first problem without the details that vary from case to case. */
function kindOf(problem: string): string {
  return (problem.split("\n")[0] ?? problem).replace(/"[^"]*"/g, '"…"').replace(/#\d+ \(keys: [^)]*\)/g, "").slice(0, 160);
}

function record(failures: FuzzResult["failures"], problems: string[], found: { example: string; replay: string }): void {
  const kind = kindOf(problems[0] ?? "");
  const known = failures[kind];
  if (known === undefined) failures[kind] = { count: 1, ...found, problems: problems.join("\n") };
  else {
    known.count++;
    if (found.example.length < known.example.length) Object.assign(known, { ...found, problems: problems.join("\n") });
  }
}

/** The figures of a result as lines: cases, then outcomes by count. */
export function summary(result: FuzzResult): string {
  const failed = Object.values(result.failures).reduce((sum, kind) => sum + kind.count, 0);
  const ending = result.failure ? ", then a failure" : failed > 0 ? `, ${failed} of them failed` : ", no failure";
  const lines = [`${result.target}: ${result.casesRun} cases from seed ${result.seed}${ending}`];
  for (const [label, count] of Object.entries(result.outcomes).sort((a, b) => b[1] - a[1])) lines.push(`  ${label}: ${count}`);
  for (const [kind, { count, example, problems, replay }] of Object.entries(result.failures).sort((a, b) => b[1].count - a[1].count)) {
    lines.push(`  FAILED ${count}x: ${kind}`, `    shortest input: ${example}`, `    replay: ${replay}`, `    problems: ${problems.replaceAll("\n", "\n      ")}`);
  }
  return lines.join("\n");
}
