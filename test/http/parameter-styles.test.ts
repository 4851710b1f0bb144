import { describe, expect, it } from "vitest";
import * as zod from "zod";
import { openapi, type ParameterObject, type SpecloomDefinition } from "specloom";
import { requestValidator, type InvalidRequest } from "specloom/http";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";
import { allVersions, userApis } from "./apis";

const info = { title: "Styles", version: "1" };
const base = "http://api.test";

async function accept(definition: SpecloomDefinition, request: Request) {
  const result = await requestValidator(definition)(request);
  expect(result.ok, JSON.stringify((result as InvalidRequest).problem)).toBe(true);
  return result as Extract<typeof result, { ok: true }>;
}

describe.each(userApis)("parameter styles with $name schemas", (lib) => {
  describe.each(allVersions)("OpenAPI %s", (version) => {
    const styled = (styles: object, extra: object = {}): SpecloomDefinition => ({
      openapi: version,
      info,
      paths: { "GET /users/{id}": { params: lib.params, query: lib.query, headers: lib.headers, styles, ...extra, 200: null } },
    });

    it("writes style, explode and allowReserved into the Parameter Object, in its field order", async () => {
      const document = openapi(styled({ query: { tags: { style: "pipeDelimited", explode: false }, filter: { style: "deepObject", allowReserved: true } }, params: { id: { style: "label" } } }));
      const parameters = document.paths["/users/{id}"]?.get?.parameters as ParameterObject[];
      const byName = (name: string) => parameters.find((p) => p.name === name) as ParameterObject;
      expect(Object.keys(byName("id"))).toEqual(["name", "in", "required", "style", "schema"]);
      expect(byName("tags")).toMatchObject({ style: "pipeDelimited", explode: false });
      expect(byName("filter")).toMatchObject({ style: "deepObject", allowReserved: true });
      expect(byName("limit").style).toBeUndefined();
      await expectValidOpenAPI(document);
    });

    it("writes explode: true beside deepObject, its only serialisation (OpenAPI leaves explode: false undefined there)", async () => {
      for (const filter of [{ style: "deepObject" }, { style: "deepObject", explode: true }]) {
        const document = openapi(styled({ query: { filter } }));
        const parameters = document.paths["/users/{id}"]?.get?.parameters as ParameterObject[];
        expect(parameters.find((p) => p.name === "filter")).toMatchObject({ style: "deepObject", explode: true });
        await expectValidOpenAPI(document);
      }
      expect(catchError(() => openapi(styled({ query: { filter: { style: "deepObject", explode: false } } }))).message).toBe(
        'paths["GET /users/{id}"].styles.query.filter.explode: deepObject has no unexploded form (OpenAPI leaves explode: false undefined for it); leave explode out',
      );
    });

    it("decodes each query style as the document writes it", async () => {
      const pipes = styled({ query: { tags: { style: "pipeDelimited", explode: false } } });
      expect((await accept(pipes, new Request(`${base}/users/1?tags=a|b%7Cc`, { headers: { "x-trace": "t" } }))).query).toMatchObject({ tags: ["a", "b", "c"] });
      const spaces = styled({ query: { tags: { style: "spaceDelimited", explode: false } } });
      expect((await accept(spaces, new Request(`${base}/users/1?tags=a%20b+c`, { headers: { "x-trace": "t" } }))).query).toMatchObject({ tags: ["a", "b", "c"] });
      const commas = styled({ query: { tags: { explode: false }, filter: { explode: false } } });
      const flat = await accept(commas, new Request(`${base}/users/1?tags=a,b%2Cc&filter=color,red,min,2`, { headers: { "x-trace": "t" } }));
      expect(flat.query).toMatchObject({ tags: ["a", "b,c"], filter: { color: "red", min: 2 } });
      const exploded = styled({});
      expect((await accept(exploded, new Request(`${base}/users/1?color=blue&min=3`, { headers: { "x-trace": "t" } }))).query).toMatchObject({ filter: { color: "blue", min: 3 } });
    });

    it("keeps a + of an allowReserved query value as written", async () => {
      const reserved = styled({ query: { tags: { allowReserved: true } } });
      expect((await accept(reserved, new Request(`${base}/users/1?tags=a+b/c`, { headers: { "x-trace": "t" } }))).query).toMatchObject({ tags: ["a+b/c"] });
    });

    it("decodes label and matrix path parameters", async () => {
      const label = styled({ params: { id: { style: "label" } } });
      expect((await accept(label, new Request(`${base}/users/.7`, { headers: { "x-trace": "t" } }))).params).toEqual({ id: 7 });
      const matrix = styled({ params: { id: { style: "matrix" } } });
      expect((await accept(matrix, new Request(`${base}/users/;id=8`, { headers: { "x-trace": "t" } }))).params).toEqual({ id: 8 });
      const result = await requestValidator(matrix)(new Request(`${base}/users/8`, { headers: { "x-trace": "t" } }));
      expect((result as InvalidRequest).problem.issues?.[0]).toMatchObject({ in: "path", name: "id", message: 'expected the matrix style, which starts with ";"' });
    });

    it("refuses a style OpenAPI does not allow where it is placed, naming it", () => {
      expect(catchError(() => openapi(styled({ params: { id: { style: "deepObject" } } }))).message).toBe(
        'paths["GET /users/{id}"].styles.params.id.style: "deepObject" is not a style of path parameters (OpenAPI allows simple, label, matrix)',
      );
      expect(catchError(() => openapi(styled({ headers: { "x-trace": { allowReserved: true } } }))).message).toBe(
        'paths["GET /users/{id}"].styles.headers["x-trace"].allowReserved: allowReserved applies to query parameters only; this is a header parameter',
      );
      expect(catchError(() => openapi(styled({ query: { nope: { explode: true } } }))).message).toBe(
        'paths["GET /users/{id}"].styles.query.nope: "nope" is not a property of the route\'s query schema, so there is no such parameter to style',
      );
      expect(catchError(() => openapi(styled({ query: { tags: { explode: "yes" } } }))).location).toBe('paths["GET /users/{id}"].styles.query.tags.explode');
      expect(catchError(() => openapi(styled({ body: { tags: {} } }))).location).toBe('paths["GET /users/{id}"].styles.body');
      expect(catchError(() => openapi(styled({ query: { tags: { style: "form", encoding: "x" } } }))).location).toBe('paths["GET /users/{id}"].styles.query.tags.encoding');
    });

    it(version === "3.2.0" ? "writes 3.2's cookie style" : "refuses 3.2's cookie style before 3.2.0", async () => {
      const definition: SpecloomDefinition = { openapi: version, info, paths: { "GET /me": { cookies: lib.cookies, styles: { cookies: { session: { style: "cookie" } } }, 200: null } } };
      if (version !== "3.2.0") {
        expect(catchError(() => openapi(definition)).message).toContain("the cookie style needs OpenAPI 3.2.0");
        return;
      }
      await expectValidOpenAPI(openapi(definition));
      // The cookie style is not percent-decoded: the value is as the Cookie header has it.
      expect((await accept(definition, new Request(`${base}/me`, { headers: { cookie: "session=a%20b" } }))).cookies).toEqual({ session: "a%20b" });
    });
  });
});

describe.each(allVersions)("lists and objects in every path, header and cookie style (%s)", (version) => {
  const { z } = zod;
  const route = (styles: object) =>
    requestValidator({
      openapi: version,
      info,
      paths: {
        "GET /p/{list}/{point}": {
          params: z.object({ list: z.array(z.number()), point: z.object({ x: z.number(), y: z.number() }) }),
          headers: z.object({ "x-point": z.object({ x: z.number(), y: z.number() }).optional() }),
          cookies: z.object({ x: z.number().optional(), y: z.number().optional(), ids: z.array(z.number()).optional() }),
          styles,
          200: null,
        },
      },
    });
  const point = { x: 1, y: 2 };

  it.each([
    ["simple", {}, "/p/1,2/x,1,y,2"],
    ["simple, exploded", { list: { explode: true }, point: { explode: true } }, "/p/1,2/x=1,y=2"],
    ["label", { list: { style: "label" }, point: { style: "label" } }, "/p/.1,2/.x,1,y,2"],
    ["label, exploded", { list: { style: "label", explode: true }, point: { style: "label", explode: true } }, "/p/.1.2/.x=1.y=2"],
    ["matrix", { list: { style: "matrix" }, point: { style: "matrix" } }, "/p/;list=1,2/;point=x,1,y,2"],
    ["matrix, exploded", { list: { style: "matrix", explode: true }, point: { style: "matrix", explode: true } }, "/p/;list=1;list=2/;x=1;y=2"],
  ])("path, %s (OpenAPI's style examples)", async (_name, params, path) => {
    const result = await route({ params })(new Request(`${base}${path}`));
    expect(result.ok, JSON.stringify((result as InvalidRequest).problem)).toBe(true);
    expect((result as { params: unknown }).params).toEqual({ list: [1, 2], point });
  });

  it("header objects (simple, both explodes) and cookies (form: exploded objects and repeated names)", async () => {
    const plain = await route({})(new Request(`${base}/p/1/x,1,y,2`, { headers: { "x-point": "x,1,y,2", cookie: "x=1; y=2; ids=3; ids=4" } }));
    expect(plain).toMatchObject({ ok: true, headers: { "x-point": point }, cookies: { x: 1, y: 2, ids: [3, 4] } });
    const exploded = await route({ headers: { "x-point": { explode: true } }, cookies: { ids: { explode: false } } })(
      new Request(`${base}/p/1/x,1,y,2`, { headers: { "x-point": "x=1,y=2", cookie: "ids=3,4" } }),
    );
    expect(exploded).toMatchObject({ ok: true, headers: { "x-point": point }, cookies: { ids: [3, 4] } });
  });
});
