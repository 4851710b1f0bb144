/**
 * specloom/hono over real HTTP (@hono/node-server on 127.0.0.1): each route's handler reads
 * its parts typed, with no cast, as Hono's validators give them (`c.req.valid(...)`); a
 * refused request never reaches the handler; and a request that meets the middleware twice is
 * validated once.
 */
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, expectTypeOf, it } from "vitest";
import { honoValidator } from "specloom/hono";
import { origin } from "./listen";
import { routeChecks } from "./request-checks";
import { definition, json } from "./users-api";

const listen = (app: { fetch: (request: Request) => Response | Promise<Response> }) => origin(serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server);

const specloom = honoValidator(definition);

describe("route(key): a route's middleware, typed by its key", () => {
  const app = new Hono()
    .get("/users/:id", specloom.route("GET /users/:id"), (c) => {
      const params = c.req.valid("param");
      const query = c.req.valid("query");
      const headers = c.req.valid("header");
      const cookies = c.req.valid("cookie");
      expectTypeOf(params).toEqualTypeOf<{ id: number }>();
      expectTypeOf(query).toEqualTypeOf<{ limit: number; tags?: string[] | undefined }>();
      expectTypeOf(headers).toEqualTypeOf<{ "x-trace": string }>();
      expectTypeOf(cookies).toEqualTypeOf<{ session?: string | undefined }>();
      expectTypeOf(c.req.valid("json")).toEqualTypeOf<undefined>();
      expectTypeOf(c.var.specloom.params).toEqualTypeOf<{ id: number }>();
      // @ts-expect-error the route has no parameter "name"
      void params.name;
      // @ts-expect-error "form" is no part of a specloom route: the body is "json", whatever its media type
      void c.req.valid("form");
      return c.json({ params, query, headers, cookies, route: c.var.specloom.route });
    })
    .post("/users", specloom.route("POST /users"), (c) => {
      const body = c.req.valid("json");
      expectTypeOf(body).toEqualTypeOf<{ name: string; tags?: string[] | undefined }>();
      return c.json(body, 201);
    });
  const server = listen(app);

  it("types the route keys: a key the definition lacks does not type-check", () => {
    // @ts-expect-error the route's parameter is "id": "GET /users/:userId" names no route of the definition
    void specloom.route("GET /users/:userId");
    // @ts-expect-error no route "GET /accounts/:id"
    expect(() => specloom.route("GET /accounts/:id")).not.toThrow();
    // @ts-expect-error the key is the definition's, not only Hono's path
    void specloom.route("/users/:id");
  });

  routeChecks(server);
});

describe("a request that meets the middleware twice", () => {
  it("is validated once: the body is read once and the handler gets the result (Hono's /users/* matches /users too)", async () => {
    let reads = 0;
    const counted = honoValidator({
      ...definition,
      paths: { ...definition.paths, "POST /users": { ...definition.paths["POST /users"], body: definition.paths["POST /users"].body.refine(() => ++reads > 0) } },
    });
    const app = new Hono();
    app.use("/users", counted.middleware());
    app.use("/users/*", counted.middleware());
    app.post("/users", counted.route("POST /users"), (c) => c.json(c.req.valid("json"), 201));
    const response = await fetch(`${await listen(app)}/users`, json({ name: "Ada" }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: "Ada" });
    expect(reads).toBe(1);
  });

  it("gives the app-wide middleware's result to the route's, typed", async () => {
    const app = new Hono().use(specloom.middleware()).post("/users", specloom.route("POST /users"), (c) => c.json(c.req.valid("json").tags));
    const response = await fetch(`${await listen(app)}/users`, json({ name: "Ada", tags: "a,b" }));
    expect(await response.json()).toEqual(["a", "b"]);
  });

  it("is the server's mistake when the two name different routes: 500, never a 400 that blames the client", async () => {
    const errors: unknown[] = [];
    const app = new Hono();
    app.onError((error, c) => (errors.push(error), c.text("server error", 500)));
    app.use(specloom.middleware());
    app.get("/users/:id", specloom.route("GET /users"), (c) => c.text("unreachable"));
    const response = await fetch(`${await listen(app)}/users/3`, { headers: { "x-trace": "t" } });
    expect(response.status).toBe(500);
    expect(String(errors[0])).toContain('validate(request, "GET /users"): this request was validated already, as GET /users/{id}');
  });

  it("is the server's mistake when the key names no route of the definition: 500", async () => {
    const app = new Hono();
    app.onError((_error, c) => c.text("server error", 500));
    app.get("/accounts/:id", specloom.route("GET /accounts/:id" as never), (c) => c.text("unreachable"));
    const response = await fetch(`${await listen(app)}/accounts/3`);
    expect(response.status).toBe(500);
  });
});

describe("middleware(): every route of the definition", () => {
  it("finds the route from the URL: 404 for a path the definition lacks, 405 with Allow for a method", async () => {
    const app = new Hono().use(specloom.middleware()).get("/users/:id", (c) => c.json(c.var.specloom.params));
    const base = await listen(app);
    expect(await (await fetch(`${base}/users/5`, { headers: { "x-trace": "t" } })).json()).toEqual({ id: 5 });
    expect((await fetch(`${base}/accounts`)).status).toBe(404);
    const wrongMethod = await fetch(`${base}/users/5`, { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
  });
});
