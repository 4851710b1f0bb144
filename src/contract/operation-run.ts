/**
 * One operation's run: its edge requests (a failing one shrunk by leaving parts out), each
 * rule broken once, then drawn requests as a seeded fast-check property (a failure shrunk by
 * fast-check). Every request is first read back by requestValidator, the judge of what the
 * document allows: one it refuses is no valid request (the style could not carry the value),
 * one it accepts is no invalid one, and neither is sent. The first failure ends the operation.
 */
import fc from "fast-check";
import { Unwritable } from "../http/encode-parameters";
import type { ResponseValidator } from "../http/response-types";
import type { Validate } from "../http/types";
import { curlCommand } from "./curl";
import type { OperationPlan } from "./plans";
import type { OperationSamples } from "./samples";
import { failureKind, judgementOf } from "./shrink-judge";
import { shrinkable } from "./shrinkable";
import type { ContractFailure, ContractProblem, OperationReport } from "./types";
import { problemsOf, readResponse } from "./verdict";
import { sentRequest, toRequest, urlOf, writeRequest, type RequestSample, type WireRequest } from "./wire-request";

/** What every operation's run shares. */
export interface RunContext {
  readonly base: URL;
  readonly send: (request: Request) => Promise<Response>;
  /** requestValidator of the same input: whether a written request is one the document allows. */
  readonly validate: Validate<unknown>;
  readonly checker: ResponseValidator<unknown>;
  readonly headers: readonly [string, string][];
  readonly runs: number;
  readonly seed: number;
  /** `Date.now()` past which no request starts. */
  readonly deadline: number;
  readonly requestTimeout: number;
  /** Set by the first response; the reason when the first request got none. */
  readonly connection: { received: boolean; unreachable?: string };
}

/** Requests sent to shrink one failure, at most: then the smallest found so far is reported. */
const MAX_SHRINK_REQUESTS = 200;
/** Where requests are read back by the judge of what the document allows. */
const JUDGE_ORIGIN = "http://contract.test";

type Outcome = "pass" | "fail" | "skip";

export class OperationRun {
  private requests = 0;
  private valid = 0;
  private invalid = 0;
  private failure: ContractFailure | undefined;
  /** The request of `failure`, and what the judge said of it (the rule it breaks, as the document reads it). */
  private failed: RequestSample | undefined;
  private judgement: string | undefined;
  private shrinking = 0;
  /** Out of time, or the server never answered: nothing more is sent. */
  private stopped = false;
  private readonly started = Date.now();

  constructor(
    private readonly plan: OperationPlan,
    private readonly context: RunContext,
  ) {}

  async run(samples: OperationSamples, seed: number): Promise<OperationReport> {
    const { runs } = this.context;
    for (const edge of samples.edges(runs)) {
      if (this.failure !== undefined || this.stopped) break;
      await this.shrinkFrom(edge, seed, 0);
    }
    for (const broken of samples.broken(runs)) {
      if (this.failure !== undefined || this.stopped) break;
      await this.shrinkFrom(broken, seed, 0);
    }
    if (this.failure === undefined && !this.stopped && runs > 0) {
      const remaining = Math.max(1, this.context.deadline - Date.now());
      const result = await fc.check(this.property(samples.drawn()), { seed, numRuns: runs, maxSkipsPerRun: 10, interruptAfterTimeLimit: remaining });
      this.shrunk(result.numShrinks);
      const found = result.counterexample?.[0];
      const before = this.shrinks();
      // The drawn value shrinks as its arbitrary allows; a second pass from the value itself
      // shortens what that left (a string drawn whole, such as an edge of its length).
      if (found !== undefined && before !== undefined) await this.shrinkFrom(found, seed, before);
    }
    this.relabel(samples);
    return this.report();
  }

  /** Sends `sample`; when it fails, fast-check shrinks it (./shrinkable.ts) to the smallest that still fails the same way. */
  private async shrinkFrom(sample: RequestSample, seed: number, before: number): Promise<void> {
    const result = await fc.check(this.property(shrinkable(sample)), { numRuns: 1, examples: [[sample]], seed });
    this.shrunk(before + result.numShrinks);
  }

  /** An edge's label, said of the request reported: the edge it sits at once shrunk, or none. */
  private relabel(samples: OperationSamples): void {
    if (this.failure?.edge === undefined || this.failed === undefined) return;
    const edge = samples.edgeOf(this.failed);
    if (edge === undefined) delete this.failure.edge;
    else this.failure.edge = edge;
  }

  private shrinks(): number | undefined {
    return this.failure?.shrinks;
  }

  /** fast-check's count of the smaller failing requests it moved to. */
  private shrunk(count: number): void {
    if (this.failure !== undefined) this.failure.shrinks = count;
  }

  private property(arbitrary: fc.Arbitrary<RequestSample>) {
    return fc.asyncProperty(arbitrary, async (sample) => {
      const outcome = await this.attempt(sample);
      fc.pre(outcome !== "skip");
      return outcome === "pass";
    });
  }

  private report(): OperationReport {
    const base = { operation: this.plan.key, ...(this.plan.operationId === undefined ? {} : { operationId: this.plan.operationId }), requests: this.requests, valid: this.valid, invalid: this.invalid, duration: Date.now() - this.started };
    if (this.failure !== undefined) return { ...base, outcome: "failed", failure: this.failure };
    if (this.stopped) return { ...base, outcome: "not run", reason: this.context.connection.unreachable ?? "the time budget ran out" };
    if (this.requests === 0) return { ...base, outcome: "skipped", reason: "no request could be written that the document allows and HTTP can carry" };
    return { ...base, outcome: "passed" };
  }

  /** Sends one sample (unless the judge says it is not what it claims) and judges the answer. */
  private async attempt(sample: RequestSample): Promise<Outcome> {
    if (this.stopped) return "pass";
    // Shrinking past its bound: the smallest failure found so far stands.
    if (this.failure !== undefined && ++this.shrinking > MAX_SHRINK_REQUESTS) return "pass";
    const wire = writeRequest(this.plan, sample, this.context.headers);
    if (wire instanceof Unwritable) return "skip";
    const href = urlOf(this.context.base, wire.target);
    if (href instanceof Unwritable) return "skip";
    const judged = toRequest(`${JUDGE_ORIGIN}${wire.target}`, wire);
    if (judged instanceof Unwritable) return "skip";
    const verdict = await this.context.validate(judged);
    if (verdict.ok !== (sample.kind === "valid")) return "skip";
    const judgement = verdict.ok ? undefined : judgementOf(verdict);
    // A smaller request must break the same rule, and only it, as the document reads it.
    if (this.failure !== undefined && judgement !== this.judgement) return "skip";
    const left = this.context.deadline - Date.now();
    if (left <= 0) {
      this.stopped = true;
      return "pass";
    }
    return this.exchange(sample, wire, href, Math.min(left, this.context.requestTimeout), judgement);
  }

  private async exchange(sample: RequestSample, wire: WireRequest, href: string, timeout: number, judgement: string | undefined): Promise<Outcome> {
    const request = toRequest(href, wire, AbortSignal.timeout(timeout));
    if (request instanceof Unwritable) return "skip";
    let response: Response;
    try {
      response = await this.context.send(request);
    } catch (error) {
      return this.networkFailure(sample, wire, href, error, timeout, judgement);
    }
    this.context.connection.received = true;
    this.count(sample);
    let read: Awaited<ReturnType<typeof readResponse>>;
    try {
      read = await readResponse(response);
    } catch (error) {
      return this.networkFailure(sample, wire, href, error, timeout, judgement);
    }
    const problems = await problemsOf(sample.kind, this.plan.key, read.copy, read.received.status, this.context.checker, sample.rule);
    if (problems.length === 0 || !this.sameFailure(problems)) return "pass";
    this.fail(sample, wire, href, problems, read.received, judgement);
    return "fail";
  }

  private count(sample: RequestSample): void {
    this.requests++;
    if (sample.kind === "valid") this.valid++;
    else this.invalid++;
  }

  /** While a request that breaks a rule shrinks, only the same kind of failure counts (a 2XX stays a 2XX, not a 5XX). */
  private sameFailure(problems: readonly ContractProblem[]): boolean {
    return this.failure?.kind !== "invalid" || failureKind(problems) === failureKind(this.failure.problems);
  }

  private networkFailure(sample: RequestSample, wire: WireRequest, href: string, error: unknown, timeout: number, judgement: string | undefined): Outcome {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    const message = timedOut ? `no response within ${timeout} ms` : `no response: ${error instanceof Error ? error.message : String(error)}${cause}`;
    if (!this.context.connection.received) {
      // Nothing ever answered: the server is not there, which is no finding about it.
      this.context.connection.unreachable = `${this.context.base.origin}: ${message}`;
      this.stopped = true;
      return "pass";
    }
    this.count(sample);
    const problems: ContractProblem[] = [{ in: "network", message }];
    if (!this.sameFailure(problems)) return "pass";
    this.fail(sample, wire, href, problems, undefined, judgement);
    return "fail";
  }

  private fail(sample: RequestSample, wire: WireRequest, href: string, problems: ContractProblem[], response: ContractFailure["response"], judgement: string | undefined): void {
    const request = sentRequest(href, wire);
    this.failed = sample;
    this.judgement = judgement;
    this.failure = {
      kind: sample.kind,
      ...(sample.rule === undefined ? {} : { broken: sample.rule }),
      ...(sample.edge === undefined ? {} : { edge: sample.edge }),
      problems,
      request,
      ...(response === undefined ? {} : { response }),
      curl: curlCommand(request, wire.fields),
      shrinks: 0,
    };
  }
}
