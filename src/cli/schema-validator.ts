/**
 * The official OpenAPI schema of a document's version, as a validator. The schemas are
 * compiled when the package is built (scripts/openapi-validators.ts, into
 * dist/validators/): compiling one at run time costs more than the rest of a small
 * `validate`. Only the version a document claims is loaded, once per process.
 *
 * The compiled code, and the package's own `$ref` check, recurse as deep as the document
 * is (near 500 levels overflow the main thread's stack). A document too deep for them is
 * checked again in a worker thread with a stack of its own (check-worker.ts), which
 * follows 100,000 levels; one deeper still is a check that could not run, never a problem
 * of the document.
 */
import { Worker } from "node:worker_threads";
import { prettyJsonPieces } from "./json-text";
import { isStackOverflow, judge, loadCompiled, type CompiledSchema, type Verdict } from "./schema-judge";

export type { SchemaError, Verdict } from "./schema-judge";

export interface SchemaValidator {
  /** Rejects with `CheckNotRun` when the document cannot be checked (too deep even for a worker's stack). */
  validate(document: Record<string, unknown>): Promise<Verdict>;
}

export interface ValidatorOptions {
  /** false: without the package's own `$ref` check. */
  packageRefCheck?: boolean;
  /** The stack of the worker that checks a document too deep for this thread, in MB. */
  deepStackMb?: number;
}

/** The check could not be made, so nothing is known of the document. */
export class CheckNotRun extends Error {
  override readonly name = "CheckNotRun";
}

/** The schema folders the build compiles, by the `major.minor` of `openapi`. */
const VERSIONS = new Set(["3.0", "3.1", "3.2"]);

/** The folder of the precompiled validators: next to the built command. */
const BUILT = new URL("./validators/", import.meta.url);

/** The worker's stack: 512 MB follow 100,000 levels of nesting; it is reserved, not used, until needed. */
const DEEP_STACK_MB = 512;

/**
 * A validator that gives the package's verdicts (see `judge`). The caller checks `openapi`
 * is a 3.0, 3.1 or 3.2 version. `folder`: where the precompiled validators and the worker
 * are (the tests name dist/validators/). `packageRefCheck: false` leaves the package's
 * `$ref` check out (diff, whose warning only needs validateDocument's own check of
 * references: the package's copies the document). `deepStackMb`: the worker's stack.
 */
export function createValidator(folder: URL = BUILT, options: ValidatorOptions = {}): SchemaValidator {
  const packageRefCheck = options.packageRefCheck !== false;
  const loaded = new Map<string, Promise<CompiledSchema>>();
  return {
    async validate(document) {
      const version = String(document.openapi).slice(0, 3);
      if (!VERSIONS.has(version)) return { valid: false, errors: `no official schema for OpenAPI ${JSON.stringify(document.openapi)}` };
      let compiled = loaded.get(version);
      if (compiled === undefined) loaded.set(version, (compiled = loadCompiled(folder, version)));
      const schema = await compiled;
      try {
        return judge(schema, document, packageRefCheck);
      } catch (error) {
        if (!isStackOverflow(error)) throw new CheckNotRun(`the schema validator failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return judgeInWorker(folder, { version, packageRefCheck }, document, options.deepStackMb ?? DEEP_STACK_MB);
    },
  };
}

/** The verdict from a worker thread with a stack of `stackSizeMb`, handed the document as compact JSON. */
function judgeInWorker(folder: URL, check: { version: string; packageRefCheck: boolean }, document: unknown, stackSizeMb: number): Promise<Verdict> {
  const text = [...prettyJsonPieces(document, undefined, "")].join("");
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("check-worker.js", folder), { workerData: { ...check, text }, resourceLimits: { stackSizeMb } });
    worker.once("message", (message: { verdict: Verdict } | { failed: string }) => {
      void worker.terminate();
      if ("verdict" in message) resolve(message.verdict);
      else reject(new CheckNotRun(isStackOverflow(message.failed) ? "the document is nested deeper than the schema validator can follow" : `the schema validator failed: ${message.failed}`));
    });
    worker.once("error", (error) => reject(new CheckNotRun(`the schema validator failed: ${error.message}`)));
  });
}
