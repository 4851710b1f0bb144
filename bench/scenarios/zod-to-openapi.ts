/**
 * @asteasolutions/zod-to-openapi building the CRUD document, sizes ascending in one process;
 * each run on freshly built schemas, like `openapi()`'s first run. The last document of the
 * first size is checked (valid, and its skeleton goes to the parent to be compared with
 * `openapi()`'s), untimed.
 */
import { zodToOpenAPIApi, zodToOpenAPIDocument } from "../api/zod-to-openapi";
import type { Variant } from "../api/crud";
import { expectValid, skeleton } from "../checks";
import { phase, rssMB, RUNS, timed, WARMUP, type Phase } from "../harness";
import type { ScenarioResult } from "../worker";

export async function runZodToOpenAPI(task: { variant: Variant; sizes: number[] }): Promise<ScenarioResult> {
  const baseRssMB = rssMB();
  let build = 0;
  let checked: unknown;
  const phases: Phase[] = [];
  for (const [index, size] of task.sizes.entries()) {
    const warmup = index === 0 ? WARMUP : 0;
    let buildMs = 0;
    const result = await phase(size, warmup, (record, iteration) => {
      const started = performance.now();
      const api = zodToOpenAPIApi(size, task.variant, build++);
      buildMs += performance.now() - started;
      const document = timed(() => zodToOpenAPIDocument(api));
      record("zodToOpenAPI", document);
      if (index === 0 && iteration === warmup + RUNS - 1) checked = document.value;
    });
    result.facts = { buildSeconds: buildMs / 1000 };
    phases.push(result);
  }
  await expectValid(checked, `zod-to-openapi (${task.variant}, ${task.sizes[0]} operations)`);
  return { phases, baseRssMB, notes: [`checked: the ${task.sizes[0]}-operation document is valid OpenAPI 3.1.0`], skeleton: skeleton(checked) };
}
