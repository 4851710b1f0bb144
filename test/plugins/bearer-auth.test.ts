import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SpecloomError, type RouteShorthand } from "specloom";
import { bearerAuth } from "specloom/plugins";
import { catchError, info, operation, User, ways } from "./helpers";

describe.each(ways)("bearerAuth through $way, OpenAPI $version", ({ build, make, version }) => {
  const paths: Record<string, RouteShorthand> = {
    "GET /users": { 200: z.array(User) },
    "POST /users": { body: User, 201: User },
    "GET /users/{id}": { params: z.object({ id: z.string() }), 200: User },
    "GET /health": { security: [], 200: null },
    "GET /reports": { security: [{ oauth: ["reports:read"] }], 200: null },
  };
  const securitySchemes = { oauth: { type: "oauth2" as const, flows: { clientCredentials: { tokenUrl: "https://example.com/token", scopes: { "reports:read": "Read reports" } } } } };

  it("declares an http bearer scheme and requires it where the route sets no security", async () => {
    const document = await build({ info, paths, securitySchemes, plugins: [bearerAuth()] });
    expect(document.components?.securitySchemes?.bearerAuth).toEqual({ type: "http", scheme: "bearer" });
    expect(operation(document, "/users", "get").security).toEqual([{ bearerAuth: [] }]);
    expect(operation(document, "/users", "post").security).toEqual([{ bearerAuth: [] }]);
    expect(operation(document, "/users/{id}", "get").security).toEqual([{ bearerAuth: [] }]);
  });

  it("leaves `security: []` public and a route's own requirements as written", async () => {
    const document = await build({ info, paths, securitySchemes, plugins: [bearerAuth()] });
    expect(operation(document, "/health", "get").security).toEqual([]);
    expect(operation(document, "/reports", "get").security).toEqual([{ oauth: ["reports:read"] }]);
  });

  it("uses schemeName, bearerFormat and description", async () => {
    const plugin = bearerAuth({ schemeName: "jwt", bearerFormat: "JWT", description: "A token from /login" });
    const document = await build({ info, paths, securitySchemes, plugins: [plugin] });
    expect(document.components?.securitySchemes?.jwt).toEqual({ type: "http", scheme: "bearer", bearerFormat: "JWT", description: "A token from /login" });
    expect(document.components?.securitySchemes).not.toHaveProperty("bearerAuth");
    expect(operation(document, "/users", "get").security).toEqual([{ jwt: [] }]);
  });

  it("skips excluded routes: by route key in any case, by path for every method, with :id or {id}", async () => {
    const document = await build({
      info,
      paths: { ...paths, "POST /health": { 204: null }, "DELETE /users/{id}": { 204: null } },
      securitySchemes,
      plugins: [bearerAuth({ exclude: ["get /users", "/health", "DELETE /users/:userId"] })],
    });
    expect(operation(document, "/users", "get").security).toBeUndefined();
    expect(operation(document, "/health", "post").security).toBeUndefined();
    expect(operation(document, "/users/{id}", "delete").security).toBeUndefined();
    expect(operation(document, "/users", "post").security).toEqual([{ bearerAuth: [] }]);
    expect(operation(document, "/users/{id}", "get").security).toEqual([{ bearerAuth: [] }]);
  });

  it("skips routes a predicate returns true for, and everything under a /* prefix", async () => {
    const document = await build({
      info,
      paths: { ...paths, "GET /internal/metrics": { 200: null }, "GET /internal/jobs/{id}": { 200: null }, "GET /internal": { 200: null }, "GET /internals": { 200: null }, "GET /internal-api/x": { 200: null } },
      securitySchemes,
      plugins: [bearerAuth({ exclude: [(route) => route.method === "post", "/internal/*"] })],
    });
    expect(operation(document, "/users", "post").security).toBeUndefined();
    expect(operation(document, "/internal/metrics", "get").security).toBeUndefined();
    expect(operation(document, "/internal/jobs/{id}", "get").security).toBeUndefined();
    expect(operation(document, "/internal", "get").security).toEqual([{ bearerAuth: [] }]);
    // Below /internal means after "/internal/": a path that only starts with the same letters is another path.
    expect(operation(document, "/internals", "get").security).toEqual([{ bearerAuth: [] }]);
    expect(operation(document, "/internal-api/x", "get").security).toEqual([{ bearerAuth: [] }]);
    expect(operation(document, "/users", "get").security).toEqual([{ bearerAuth: [] }]);
  });

  it("takes /* as every path below the root (the root itself stays secured)", async () => {
    const document = await build({ info, paths: { ...paths, "GET /": { 200: null } }, securitySchemes, plugins: [bearerAuth({ exclude: "/*" })] });
    expect(operation(document, "/users", "get").security).toBeUndefined();
    expect(operation(document, "/users/{id}", "get").security).toBeUndefined();
    expect(operation(document, "/", "get").security).toEqual([{ bearerAuth: [] }]);
  });

  it("leaves an excluded operation to the document's global security", async () => {
    const document = await build({
      info,
      paths,
      securitySchemes,
      security: [{ oauth: [] }],
      plugins: [bearerAuth({ exclude: "GET /users" })],
    });
    expect(document.security).toEqual([{ oauth: [] }]);
    expect(operation(document, "/users", "get")).not.toHaveProperty("security");
    expect(operation(document, "/users", "post").security).toEqual([{ bearerAuth: [] }]);
  });

  it("accepts the same scheme declared by the definition, and refuses a different one under its name", async () => {
    const same = await build({ info, paths, securitySchemes: { ...securitySchemes, bearerAuth: { type: "http", scheme: "bearer" } }, plugins: [bearerAuth()] });
    expect(same.components?.securitySchemes?.bearerAuth).toEqual({ type: "http", scheme: "bearer" });
    const error = catchError(() => make({ info, paths, securitySchemes: { ...securitySchemes, bearerAuth: { type: "apiKey", name: "k", in: "header" } }, plugins: [bearerAuth()] }));
    expect(error.code).toBe("DUPLICATE_SCHEMA");
    expect(error.message).toContain('plugin "bearerAuth"');
    expect(error.message).toContain('already declares "bearerAuth"');
  });

  it("wraps an exclude predicate that throws, naming the plugin and keeping the cause", () => {
    const boom = new Error("boom");
    const error = catchError(() => make({ info, paths, securitySchemes, plugins: [bearerAuth({ exclude: () => { throw boom; } })] }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain('plugin "bearerAuth" (transformRoute)');
    expect(error.cause).toBe(boom);
  });

  it("does not change the caller's definition, and one plugin object builds many documents", async () => {
    const route: RouteShorthand = { 200: User };
    const plugin = bearerAuth();
    const first = await build({ info, paths: { "GET /me": route }, plugins: [plugin] });
    const second = await build({ info, paths: { "GET /me": route }, plugins: [plugin] });
    expect(route).toEqual({ 200: User });
    expect(route).not.toHaveProperty("security");
    expect(second).toEqual(first);
  });

  if (version === "3.1.0") {
    it("leaves webhooks alone", async () => {
      const document = await build({ info, paths, webhooks: { "POST userCreated": { body: User, 200: null } }, securitySchemes, plugins: [bearerAuth()] });
      expect(document.webhooks?.userCreated?.post).not.toHaveProperty("security");
      expect(operation(document, "/users", "get").security).toEqual([{ bearerAuth: [] }]);
    });
  }
});

describe("bearerAuth options", () => {
  const invalid = (options: unknown, option: string, detail: string) => {
    const error = catchError(() => bearerAuth(options as Parameters<typeof bearerAuth>[0]));
    expect(error).toBeInstanceOf(SpecloomError);
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe(`plugin "bearerAuth" (${option})`);
    expect(error.message).toContain(detail);
  };

  it("rejects an empty or malformed schemeName when the plugin is created", () => {
    invalid({ schemeName: "" }, "options.schemeName", "non-empty component name");
    invalid({ schemeName: "bearer auth" }, "options.schemeName", '"bearer auth"');
    invalid({ schemeName: 42 }, "options.schemeName", "a number (42)");
  });

  it("rejects bad bearerFormat, description and unknown options", () => {
    invalid({ bearerFormat: "" }, "options.bearerFormat", "non-empty string");
    invalid({ description: 1 }, "options.description", "expected a string");
    invalid({ schemaName: "x" }, "options.schemaName", "unknown option (expected schemeName, bearerFormat, description, exclude)");
    invalid("jwt", "options", "expected an options object");
  });

  it("rejects exclude entries that are neither route keys, paths nor functions", () => {
    invalid({ exclude: ["GET /ok", "health"] }, "options.exclude[1]", '"health" is neither a route key');
    // Any HTTP method name is a route key (3.2's additional operations); a non-token is not.
    invalid({ exclude: "GE(T /health" }, "options.exclude", '"GE(T /health" is neither a route key');
    invalid({ exclude: [42] }, "options.exclude[0]", "found a number (42)");
  });

  it("rejects exclude paths the core would reject as route paths, at the option", () => {
    invalid({ exclude: "/users/{id" }, "options.exclude", '"/users/{id" is not a path Specloom can match: it has an unbalanced { or }');
    invalid({ exclude: ["/ok", "GET /a//b"] }, "options.exclude[1]", 'it has an empty segment ("//")');
    invalid({ exclude: "/a/{x}/{x}/*" }, "options.exclude", 'declares the parameter "x" twice');
  });

  it("creates plain plugin objects with its name", () => {
    const plugin = bearerAuth();
    expect(plugin.name).toBe("bearerAuth");
    expect(typeof plugin.transformRoute).toBe("function");
    expect(typeof plugin.transformDocument).toBe("function");
  });
});
