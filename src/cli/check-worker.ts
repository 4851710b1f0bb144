/**
 * The OpenAPI schema check of one document in a thread of its own, whose stack
 * (schema-validator.ts sets it) follows a document deeper than the main thread's can.
 * Built next to the precompiled validators (dist/validators/check-worker.js); it is handed
 * the version, whether to run the package's `$ref` check, and the document as JSON (which JSON.parse reads without recursion), and
 * answers `{ verdict }` or `{ failed }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { judge, loadCompiled } from "./schema-judge";

const { version, packageRefCheck, text } = workerData as { version: string; packageRefCheck: boolean; text: string };
try {
  const schema = await loadCompiled(new URL("./", import.meta.url), version);
  parentPort?.postMessage({ verdict: judge(schema, JSON.parse(text), packageRefCheck) });
} catch (error) {
  parentPort?.postMessage({ failed: error instanceof Error ? error.message : String(error) });
}
