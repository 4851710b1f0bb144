/**
 * specloom/express over real HTTP (Express 5 on 127.0.0.1): each route's handler reads
 * `req.specloom` typed, with no cast; a refused request never reaches the handler; the
 * app-wide middleware and a route's handler validate a request once.
 */
import express from "express";
import { describe, expect, expectTypeOf, it } from "vitest";
import { expressValidator } from "specloom/express";
import { validateRequests } from "specloom/node";
import { origin } from "./listen";
import { expectServerMistakes, routeChecks } from "./request-checks";
import { definition, json } from "./users-api";

const specloom = expressValidator(definition);

describe("route(key, handler): a route's handler, typed by its key", () => {
  const app = express();
  app.get(
    "/users/:id",
    specloom.route("GET /users/:id", (req, res) => {
      const { params, query, headers, cookies, body } = req.specloom;
      expectTypeOf(params).toEqualTypeOf<{ id: number }>();
      expectTypeOf(query).toEqualTypeOf<{ limit: number; tags?: string[] | undefined }>();
      expectTypeOf(headers).toEqualTypeOf<{ "x-trace": string }>();
      expectTypeOf(cookies).toEqualTypeOf<{ session?: string | undefined }>();
      expectTypeOf(body).toEqualTypeOf<undefined>();
      // @ts-expect-error the route has no parameter "name"
      void params.name;
      res.json({ params, query, headers, cookies, route: req.specloom.route });
    }),
  );
  app.post(
    "/users",
    specloom.route("POST /users", (req, res) => {
      expectTypeOf(req.specloom.body).toEqualTypeOf<{ name: string; tags?: string[] | undefined }>();
      res.status(201).json(req.specloom.body);
    }),
  );
  const server = origin(app.listen(0, "127.0.0.1"));

  it("types the route keys: a key the definition lacks does not type-check", () => {
    // @ts-expect-error the route's parameter is "id": "GET /users/:userId" names no route of the definition
    void specloom.route("GET /users/:userId", () => undefined);
    // @ts-expect-error no route "GET /accounts/:id"
    void specloom.route("GET /accounts/:id", () => undefined);
    // @ts-expect-error the handler of "GET /users" has no body to read
    void specloom.route("GET /users", (req) => req.specloom.body.name);
  });

  routeChecks(server);
});

describe("a request that meets validation twice", () => {
  it("is validated once when app-wide middleware runs before a route's handler (the body is read once)", async () => {
    let reads = 0;
    const counted = { ...definition, paths: { ...definition.paths, "POST /users": { ...definition.paths["POST /users"], body: definition.paths["POST /users"].body.refine(() => ++reads > 0) } } };
    const routes = expressValidator(counted);
    const app = express();
    app.use(validateRequests(counted));
    app.use(routes.middleware());
    app.post("/users", routes.route("POST /users", (req, res) => void res.status(201).json(req.specloom.body)));
    const response = await fetch(`${await origin(app.listen(0, "127.0.0.1"))}/users`, json({ name: "Ada" }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: "Ada" });
    expect(reads).toBe(1);
  });

  it("is the server's mistake when the two name different routes, or a body parser ran first: 500, never a 400", async () => {
    const errors: string[] = [];
    const app = express();
    app.post("/users", express.json(), specloom.route("POST /users", (_req, res) => void res.send("unreachable")));
    app.use(specloom.middleware());
    app.get("/users/:id", specloom.route("GET /users", (_req, res) => void res.send("unreachable")));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      errors.push(error.message);
      res.status(500).send("server error");
    });
    const base = await origin(app.listen(0, "127.0.0.1"));
    await expectServerMistakes(base, errors, "expressValidator");
  });
});

describe("middleware(): every route of the definition", () => {
  it("finds the route from the URL: 404 for a path the definition lacks, 405 with Allow for a method", async () => {
    const app = express();
    app.use(specloom.middleware());
    app.get("/users/:id", (req, res) => void res.json((req as typeof req & { specloom: { params: unknown } }).specloom.params));
    const base = await origin(app.listen(0, "127.0.0.1"));
    expect(await (await fetch(`${base}/users/5`, { headers: { "x-trace": "t" } })).json()).toEqual({ id: 5 });
    expect((await fetch(`${base}/accounts`)).status).toBe(404);
    const wrongMethod = await fetch(`${base}/users/5`, { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET");
  });
});
