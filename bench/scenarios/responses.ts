/**
 * Response checking: a 200 response with the request scenario's 20-field JSON body through
 * `responseValidator(definition).check`, against its floor (JSON.parse of the body plus the
 * Zod schema's own validate), and the floor plus what any checker of a Response must do
 * first (clone it and read the clone's text). The engine line compares the document's JSON
 * Schema, compiled by Specloom's engine, with the Zod schema's own validate on one parsed
 * body: the choice of judge the docs explain. One sample checks BATCH responses built
 * beforehand (untimed).
 */
import { z } from "zod";
import { DocumentSchemas } from "../../src/schema-validator/index";
import { phase, rssMB, timedAsync, WARMUP } from "../harness";
import { openapi, responseValidator } from "../specloom";
import type { ScenarioResult } from "../worker";
import { bodyShape, bodyValue } from "./validation";

const BATCH = 2_000;
const BODY_TEXT = JSON.stringify(bodyValue());
const responses = () => Array.from({ length: BATCH }, () => new Response(BODY_TEXT, { status: 200, headers: { "content-type": "application/json" } }));

export async function runResponses(): Promise<ScenarioResult> {
  const baseRssMB = rssMB();
  const body = bodyShape(z);
  const definition = { info: { title: "Bench", version: "1" }, paths: { "GET /items/{id}": { params: z.object({ id: z.number().int() }), 200: body } } };
  const checker = responseValidator(definition);
  const document = openapi(definition) as unknown as { openapi: string; paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }> };
  const schema = document.paths["/items/{id}"]?.get.responses["200"]?.content["application/json"]?.schema;
  const engine = new DocumentSchemas(document, "response").validator(schema, "#/paths/~1items~1{id}/get/responses/200/content/application~1json/schema");

  // Untimed: the checker accepts the body and refuses a broken one; the engine and Zod agree.
  const [first] = responses();
  const checked = await checker.check("GET /items/{id}", first as Response);
  if (!checked.ok) throw new Error(`responseValidator refused the bench response: ${JSON.stringify(checked)}`);
  const broken = await checker.check("GET /items/{id}", new Response(JSON.stringify({ ...bodyValue(), count3: -1 }), { headers: { "content-type": "application/json" } }));
  if (broken.ok) throw new Error("responseValidator accepted a body with a negative count");
  const parsed = JSON.parse(BODY_TEXT) as unknown;
  if (engine(parsed) !== undefined || (body["~standard"].validate(parsed) as { issues?: unknown }).issues !== undefined) throw new Error("the engine and Zod disagree on the bench body");

  const result = await phase(BATCH, WARMUP, async (record) => {
    record("floor", await timedAsync(async () => {
      for (let i = 0; i < BATCH; i++) await body["~standard"].validate(JSON.parse(BODY_TEXT));
    }));
    record("zodParsed", await timedAsync(async () => {
      for (let i = 0; i < BATCH; i++) await body["~standard"].validate(parsed);
    }));
    record("engineParsed", await timedAsync(() => {
      for (let i = 0; i < BATCH; i++) engine(parsed);
    }));
    const readBatch = responses();
    record("floorRead", await timedAsync(async () => {
      for (const response of readBatch) await body["~standard"].validate(JSON.parse(await response.clone().text()));
    }));
    const batch = responses();
    record("specloom", await timedAsync(async () => {
      for (const response of batch) await checker.check("GET /items/{id}", response);
    }));
  });
  result.facts = { batch: BATCH, bodyFields: 20, bodyBytes: BODY_TEXT.length };
  return { phases: [result], baseRssMB, notes: ["checked: responseValidator accepts the bench body and refuses a broken one; the engine and Zod agree on it"] };
}
