/**
 * A peer generator (api/peers.ts) building the CRUD document, sizes ascending in one
 * process; each run on freshly built schemas, like `openapi()`'s first run. Sizes after the
 * first get fewer runs (LATER_RUNS): hono-openapi takes 20-60 s per 10,000-operation document. The last
 * document of the first size is checked (valid OpenAPI, every `$ref` resolves) and its
 * skeleton goes to the parent to be compared with `openapi()`'s, untimed.
 */
import type { Variant } from "../api/crud";
import { loadPeer, type Peer } from "../api/peers";
import { skeleton, validity } from "../checks";
import { phase, rssMB, RUNS, timedAsync, WARMUP, type Phase } from "../harness";
import type { ScenarioResult } from "../worker";

/** Runs of every size after the first, per peer. */
const LATER_RUNS: Record<Peer, number> = { "zod-to-openapi": 3, orpc: 3, "zod-openapi": 3, "hono-openapi": 1 };

export async function runPeer(task: { peer: Peer; variant: Variant; sizes: number[] }): Promise<ScenarioResult> {
  const tool = await loadPeer(task.peer);
  const baseRssMB = rssMB();
  let build = 0;
  let checked: unknown;
  const phases: Phase[] = [];
  for (const [index, size] of task.sizes.entries()) {
    const warmup = index === 0 ? WARMUP : 0;
    let buildMs = 0;
    const result = await phase(size, warmup, async (record, iteration) => {
      const started = performance.now();
      const api = tool.api(size, task.variant, build++);
      buildMs += performance.now() - started;
      const document = await timedAsync(() => tool.document(api));
      record("peer", document);
      if (index === 0 && iteration === warmup + RUNS - 1) checked = document.value;
    }, index === 0 ? RUNS : LATER_RUNS[task.peer]);
    result.facts = { buildSeconds: buildMs / 1000 };
    phases.push(result);
  }
  const what = `${task.peer} (${task.variant}, ${task.sizes[0]} operations)`;
  const problem = await validity(checked, what, true);
  const notes = [problem === undefined ? `checked: the ${task.sizes[0]}-operation document, as JSON, is valid OpenAPI 3.1 and every $ref resolves` : `NOT VALID: ${problem}`];
  return { phases, baseRssMB, notes, skeleton: skeleton(checked) };
}
