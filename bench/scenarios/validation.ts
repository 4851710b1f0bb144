/**
 * Request validation: a typical request (a path parameter, three query parameters, a
 * 20-field JSON body) through `requestValidator`, against its floor (JSON.parse of the body
 * plus the Zod schemas' own validate on values already parsed and typed), beside the same
 * route validated by hono-openapi's `validator` and @hono/zod-openapi (each a Hono app, so
 * Hono's routing is in their time; a bare Hono app with the route shows that part) and by
 * openapi-backend (its own routing, from the document `openapi()` writes for the route).
 * One sample validates BATCH requests built beforehand (untimed): a Request's body is read once.
 */
import { OpenAPIHono, createRoute, z as zo } from "@hono/zod-openapi";
import { Hono } from "hono";
import { validator } from "hono-openapi";
import { z } from "zod";
import { openapiBackendHandler } from "../api/openapi-backend";
import { phase, rssMB, timedAsync, WARMUP } from "../harness";
import { openapi, requestValidator } from "../specloom";
import type { ScenarioResult } from "../worker";

const BATCH = 2_000;
const URL_TEXT = "http://bench.test/items/42?page=2&size=20&sort=asc";

/** The 20 fields of the body, half strings, then numbers, booleans and a list (the response scenario sends it too). */
export function bodyShape(zod: typeof z) {
  const fields: Record<string, z.ZodType> = {};
  for (let i = 0; i < 8; i++) fields[`text${i}`] = zod.string().min(1);
  for (let i = 0; i < 6; i++) fields[`count${i}`] = zod.number().int().min(0);
  for (let i = 0; i < 4; i++) fields[`flag${i}`] = zod.boolean();
  fields.tags = zod.array(zod.string());
  fields.email = zod.string().email();
  return zod.object(fields);
}

export function bodyValue(): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (let i = 0; i < 8; i++) value[`text${i}`] = `text ${i}`;
  for (let i = 0; i < 6; i++) value[`count${i}`] = i * 10;
  for (let i = 0; i < 4; i++) value[`flag${i}`] = i % 2 === 0;
  value.tags = ["a", "b", "c"];
  value.email = "ada@example.com";
  return value;
}

const BODY_TEXT = JSON.stringify(bodyValue());
const requests = () => Array.from({ length: BATCH }, () => new Request(URL_TEXT, { method: "PUT", body: BODY_TEXT, headers: { "content-type": "application/json" } }));

/** The floor plus what any validator of a Web Request must do first: read its body stream. */
async function readAndValidate(request: Request, params: z.ZodType, query: z.ZodType, body: z.ZodType): Promise<void> {
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  await params["~standard"].validate({ id: 42 });
  await query["~standard"].validate({ page: 2, size: 20, sort: "asc" });
  await body["~standard"].validate(JSON.parse(decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
}

const decoder = new TextDecoder();

export async function runValidation(): Promise<ScenarioResult> {
  const baseRssMB = rssMB();
  const params = z.object({ id: z.number().int() });
  const query = z.object({ page: z.number().int().min(1), size: z.number().int().max(100), sort: z.enum(["asc", "desc"]) });
  const body = bodyShape(z);
  const definition = { info: { title: "Bench", version: "1" }, paths: { "PUT /items/{id}": { operationId: "putItem", params, query, body, 200: null } } };
  const validate = requestValidator(definition);
  const openapiBackend = await openapiBackendHandler(openapi(definition), "putItem");

  // The peers need z.coerce for what arrives as strings: what their users write.
  const coercedParams = z.object({ id: z.coerce.number().int() });
  const coercedQuery = z.object({ page: z.coerce.number().int().min(1), size: z.coerce.number().int().max(100), sort: z.enum(["asc", "desc"]) });
  const honoOpenapi = new Hono().put("/items/:id", validator("param", coercedParams), validator("query", coercedQuery), validator("json", body), (c) => c.body(null, 204));
  const zodOpenapi = new OpenAPIHono();
  const zoBody = bodyShape(zo as unknown as typeof z);
  const route = createRoute({
    method: "put",
    path: "/items/{id}",
    request: {
      params: zo.object({ id: zo.coerce.number().int() }),
      query: zo.object({ page: zo.coerce.number().int().min(1), size: zo.coerce.number().int().max(100), sort: zo.enum(["asc", "desc"]) }),
      body: { content: { "application/json": { schema: zoBody as never } }, required: true },
    },
    responses: { 204: { description: "Done" } },
  });
  zodOpenapi.openapi(route, (c) => c.body(null, 204) as never);
  const bare = new Hono().put("/items/:id", async (c) => (await c.req.json(), c.body(null, 204)));

  // Untimed: every contender accepts the request.
  const [first] = requests();
  const checked = await validate(first as Request);
  if (!checked.ok || (checked.body as { count5: number }).count5 !== 50) throw new Error(`requestValidator refused the bench request: ${JSON.stringify(checked)}`);
  for (const [name, app] of [["hono-openapi", honoOpenapi], ["@hono/zod-openapi", zodOpenapi]] as const) {
    const status = (await app.fetch(requests()[0] as Request)).status;
    if (status !== 204) throw new Error(`${name} answered ${status} to the bench request`);
  }
  const backendStatus = await openapiBackend(requests()[0] as Request);
  if (backendStatus !== 204) throw new Error(`openapi-backend answered ${backendStatus} to the bench request`);
  const refused = new Request(URL_TEXT.replace("42", "x"), { method: "PUT", body: BODY_TEXT.replace('"count5":50', '"count5":-1'), headers: { "content-type": "application/json" } });
  if ((await openapiBackend(refused)) !== 400) throw new Error("openapi-backend accepted an invalid request: it would not be validating");

  const result = await phase(BATCH, WARMUP, async (record) => {
    record("floor", await timedAsync(async () => {
      for (let i = 0; i < BATCH; i++) {
        await params["~standard"].validate({ id: 42 });
        await query["~standard"].validate({ page: 2, size: 20, sort: "asc" });
        await body["~standard"].validate(JSON.parse(BODY_TEXT));
      }
    }));
    for (const [subject, run] of [
      ["floorRead", (r: Request) => readAndValidate(r, params, query, body)],
      ["specloom", (r: Request) => validate(r)],
      ["honoOpenapi", (r: Request) => honoOpenapi.fetch(r)],
      ["zodOpenapi", (r: Request) => zodOpenapi.fetch(r)],
      ["openapiBackend", (r: Request) => openapiBackend(r)],
      ["honoBare", (r: Request) => bare.fetch(r)],
    ] as const) {
      const batch = requests();
      record(subject, await timedAsync(async () => {
        for (const request of batch) await run(request);
      }));
    }
  });
  result.facts = { batch: BATCH, bodyFields: 20, bodyBytes: BODY_TEXT.length };
  return { phases: [result], baseRssMB, notes: ["checked: requestValidator, hono-openapi, @hono/zod-openapi and openapi-backend each accept the bench request; openapi-backend refuses it with a bad parameter and body"] };
}
