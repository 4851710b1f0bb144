/**
 * With `problemResponses()`, `PathsOf` has the validator's Problem responses, so an
 * openapi-fetch client's `error` is typed as the Problem Details the validator sends, and
 * the response checker accepts them against the same document.
 */
import createClient from "openapi-fetch";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { openapi, type PathsOf } from "specloom";
import { problemResponses, requestValidator, responseValidator, type Problem } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";

const Pet = z.object({ id: z.number().int(), name: z.string() });
const definition = {
  info: { title: "Pets", version: "1" },
  plugins: [problemResponses()],
  paths: {
    "GET /pets/{id}": { params: z.object({ id: z.number().int() }), 200: Pet },
    "POST /pets": { body: z.object({ name: z.string() }), 201: Pet },
  },
} as const;
type Paths = PathsOf<typeof definition>;

describe("PathsOf with problemResponses()", () => {
  const validate = requestValidator(definition);
  const checker = responseValidator(definition);
  const server = async (request: Request): Promise<Response> => {
    const result = await validate(request);
    if (!result.ok) return result.response();
    return Response.json({ id: 1, name: "Rex" }, { status: request.method === "POST" ? 201 : 200 });
  };
  const client = createClient<Paths>({ baseUrl: "http://pets.test", fetch: server });

  it("types each status the plugin documents: 400, 404, 405, and 408, 413 and 415 where the route has a body", async () => {
    await expectValidOpenAPI(openapi(definition));
    type Get = Paths["/pets/{id}"]["get"]["responses"];
    type Post = Paths["/pets"]["post"]["responses"];
    expectTypeOf<keyof Get>().toEqualTypeOf<200 | 400 | 404 | 405>();
    expectTypeOf<keyof Post>().toEqualTypeOf<201 | 400 | 404 | 405 | 408 | 413 | 415>();
    expectTypeOf<Get[400]["content"]["application/problem+json"]>().toEqualTypeOf<Problem>();
    expectTypeOf<Get[405]["headers"]["Allow"]>().toEqualTypeOf<string | undefined>();
  });

  it("an openapi-fetch client's error is the Problem the validator sent, and the checker accepts it", async () => {
    const { data, error, response } = await client.GET("/pets/{id}", { params: { path: { id: "seven" as unknown as number } } });
    expectTypeOf(error).toEqualTypeOf<Problem | undefined>();
    expect(data).toBeUndefined();
    expect(error?.status).toBe(400);
    expect(error?.issues?.[0]).toMatchObject({ in: "path", name: "id" });
    const refused = await validate(new Request("http://pets.test/pets/seven"));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(await checker.check("GET /pets/{id}", refused.response())).toEqual({ ok: true });
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });
});
