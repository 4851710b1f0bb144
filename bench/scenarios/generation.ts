/**
 * Generation: `openapi()` on the generated CRUD API, against the vendor floor, for one
 * library, at each size (ascending) in one process. Every run:
 *
 *   1. builds fresh schema objects and times the vendor floor on them (vendorFloor);
 *   2. builds other fresh schema objects and times `openapi()` on them ("first": nothing
 *      cached), then `openapi()` again on the same objects ("second": Specloom's cache warm).
 *
 * Both timed subjects get objects no conversion has touched yet (Zod initialises parts of a
 * schema lazily on its first conversion, which then takes about 1.7 times as long as a
 * repeated one: a floor measured on objects `openapi()` had already converted would be too
 * low, and the other way round too high). The first size gets one warm-up run; larger sizes follow in the same warm process.
 * The last document of the first size is checked (checks.ts), untimed.
 */
import type { OpenAPIDocument } from "specloom";
import { crudApi, vendorFloor, type Library, type SchemaFactory, type Variant } from "../api/crud";
import { expectValid, skeleton } from "../checks";
import { phase, rssMB, RUNS, timed, WARMUP, type Phase } from "../harness";
import { openapi } from "../specloom";
import type { ScenarioResult } from "../worker";
import { countVendorCalls } from "./vendor-calls";

export async function loadFactory(library: Library): Promise<SchemaFactory<unknown>> {
  switch (library) {
    case "zod":
      return (await import("../api/zod")).zodFactory;
    case "arktype":
      return (await import("../api/arktype")).arktypeFactory;
    case "valibot":
      return (await import("../api/valibot")).valibotFactory;
  }
}

export async function runGeneration(task: { library: Library; variant: Variant; sizes: number[] }): Promise<ScenarioResult> {
  const factory = await loadFactory(task.library);
  const baseRssMB = rssMB();
  let build = 0;
  const phases: Phase[] = [];
  const notes: string[] = [];
  let checked: OpenAPIDocument | undefined;
  for (const [index, size] of task.sizes.entries()) {
    let floorCalls = 0;
    let buildMs = 0;
    const warmup = index === 0 ? WARMUP : 0;
    const result = await phase(size, warmup, (record, iteration) => {
      let started = performance.now();
      let api: ReturnType<typeof crudApi> | undefined = crudApi(factory, size, task.variant, build++);
      buildMs += performance.now() - started;
      const floor = timed(() => vendorFloor((api as ReturnType<typeof crudApi>).needs));
      floorCalls = floor.value;
      record("floor", floor);
      started = performance.now();
      api = crudApi(factory, size, task.variant, build++);
      buildMs += performance.now() - started;
      const definition = api.definition;
      api = undefined;
      const first = timed(() => openapi(definition));
      record("openapi", first);
      record("second", timed(() => openapi(definition)));
      if (index === 0 && iteration === warmup + RUNS - 1) checked = first.value;
    });
    result.facts = { floorCalls, buildSeconds: buildMs / 1000 };
    phases.push(result);
    if (index === 0 && checked) {
      // Untimed: the document is valid, and how many vendor calls openapi() itself makes.
      await expectValid(checked, `openapi() (${task.library}, ${task.variant}, ${size} operations)`);
      notes.push(`checked: the ${size}-operation document is valid OpenAPI 3.1.0 (${Object.keys(checked.paths).length} paths, ${Object.keys(checked.components?.schemas ?? {}).length} components)`);
      result.facts.openapiCalls = countVendorCalls(crudApi(factory, size, task.variant, build++).definition, (definition) => openapi(definition));
    }
  }
  if (task.library === "arktype") {
    const { checkFreshObjects } = await import("../api/arktype");
    checkFreshObjects();
    notes.push("checked: ArkType's fresh objects (Object.create(type)) write exactly their type's JSON Schema");
  }
  return { phases, baseRssMB, notes, ...(task.library === "zod" && checked ? { skeleton: skeleton(checked) } : {}) };
}
