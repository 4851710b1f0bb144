/**
 * Generation: `openapi()` on the generated CRUD API, against the vendor floor, for one
 * library, at each size (ascending) in one process. Every run builds two sets of fresh
 * schema objects, collects all garbage, then:
 *
 *   1. times the vendor floor on the first set (vendorFloor);
 *   2. times `openapi()` on the second set ("first": nothing cached), then `openapi()` again
 *      on the same objects ("second": Specloom's cache warm), each after a minor collection.
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
      // Both sets first, then one full collection: the floor leaves only short-lived garbage
      // (the answers it drops), and so does the first openapi() for the second, so a minor
      // collection before each of them is enough. The floor's set dies after it; it was
      // alive at the full collection, so its death only adds headroom to openapi()'s heap.
      const started = performance.now();
      let floorApi: ReturnType<typeof crudApi> | undefined = crudApi(factory, size, task.variant, build++);
      const definition = crudApi(factory, size, task.variant, build++).definition;
      buildMs += performance.now() - started;
      const needs = floorApi.needs;
      floorApi = undefined;
      const floor = timed(() => vendorFloor(needs), "full");
      floorCalls = floor.value;
      record("floor", floor);
      const first = timed(() => openapi(definition), "minor");
      record("openapi", first);
      record("second", timed(() => openapi(definition), "minor"));
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
