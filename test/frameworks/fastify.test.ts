/**
 * specloom/fastify over real HTTP (Fastify 5 on 127.0.0.1): each route's handler reads
 * `request.specloom` typed, with no cast; a refused request never reaches the handler; the
 * app-wide hook and a route's own check validate a request once.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fastifyValidator } from "specloom/fastify";
import { closeAfterAll } from "./listen";
import { expectServerMistakes, routeChecks } from "./request-checks";
import { definition, json } from "./users-api";

const specloom = fastifyValidator(definition);

async function listen(app: FastifyInstance): Promise<string> {
  closeAfterAll(() => app.close());
  return app.listen({ port: 0, host: "127.0.0.1" });
}

describe("route(key, handler): a route's options, typed by its key", () => {
  const app = Fastify();
  const server = (async () => {
    await app.register(specloom.plugin);
    app.get(
      "/users/:id",
      specloom.route("GET /users/:id", async (request) => {
        const { params, query, headers, cookies, body } = request.specloom;
        expectTypeOf(params).toEqualTypeOf<{ id: number }>();
        expectTypeOf(query).toEqualTypeOf<{ limit: number; tags?: string[] | undefined }>();
        expectTypeOf(headers).toEqualTypeOf<{ "x-trace": string }>();
        expectTypeOf(cookies).toEqualTypeOf<{ session?: string | undefined }>();
        expectTypeOf(body).toEqualTypeOf<undefined>();
        // @ts-expect-error the route has no parameter "name"
        void params.name;
        return { params, query, headers, cookies, route: request.specloom.route };
      }),
    );
    app.post(
      "/users",
      specloom.route("POST /users", async (request, reply) => {
        expectTypeOf(request.specloom.body).toEqualTypeOf<{ name: string; tags?: string[] | undefined }>();
        return reply.code(201).send(request.specloom.body);
      }),
    );
    return listen(app);
  })();

  it("types the route keys: a key the definition lacks does not type-check", () => {
    // @ts-expect-error the route's parameter is "id": "GET /users/:userId" names no route of the definition
    void specloom.route("GET /users/:userId", async () => undefined);
    // @ts-expect-error no route "GET /accounts/:id"
    void specloom.route("GET /accounts/:id", async () => undefined);
    // @ts-expect-error the handler of "GET /users" has no body to read
    void specloom.route("GET /users", async (request) => request.specloom.body.name);
  });

  routeChecks(server);
});

describe("a request that meets validation twice", () => {
  it("is validated once when the app-wide hook runs before a route's own check (the body is read once)", async () => {
    let reads = 0;
    const counted = fastifyValidator({ ...definition, paths: { ...definition.paths, "POST /users": { ...definition.paths["POST /users"], body: definition.paths["POST /users"].body.refine(() => ++reads > 0) } } });
    const app = Fastify();
    await app.register(counted.plugin);
    app.addHook("preHandler", counted.hook());
    app.post("/users", counted.route("POST /users", async (request, reply) => reply.code(201).send(request.specloom.body)));
    const response = await fetch(`${await listen(app)}/users`, json({ name: "Ada" }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: "Ada" });
    expect(reads).toBe(1);
  });

  it("is the server's mistake when the two name different routes, or Fastify parsed the body: 500, never a 400", async () => {
    const app = Fastify();
    const errors: string[] = [];
    app.setErrorHandler((error: Error, _request, reply) => (errors.push(error.message), reply.code(500).send("server error")));
    app.post("/users", specloom.route("POST /users", async () => "unreachable"));
    await app.register(async (scope) => {
      await scope.register(specloom.plugin);
      scope.addHook("preHandler", specloom.hook());
      scope.get("/users/:id", specloom.route("GET /users", async () => "unreachable"));
    });
    const base = await listen(app);
    await expectServerMistakes(base, errors, "fastifyValidator");
  });
});

describe("hook(): every route of the definition", () => {
  it("checks each request Fastify routes, finding the route from the URL", async () => {
    const app = Fastify();
    await app.register(specloom.plugin);
    app.addHook("preHandler", specloom.hook());
    app.get("/users/:id", async (request) => (request as typeof request & { specloom: { params: unknown } }).specloom.params);
    const base = await listen(app);
    expect(await (await fetch(`${base}/users/5`, { headers: { "x-trace": "t" } })).json()).toEqual({ id: 5 });
    expect((await fetch(`${base}/users/five`, { headers: { "x-trace": "t" } })).status).toBe(400);
  });
});
