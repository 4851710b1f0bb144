import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteShorthand, SpecloomPlugin } from "specloom";
import { apiKeyAuth, bearerAuth } from "specloom/plugins";
import { catchError, info, operation, User, ways } from "./helpers";

const paths: Record<string, RouteShorthand> = {
  "GET /users": { 200: z.array(User) },
  "POST /users": { body: User, 201: User },
  "GET /admin/stats": { 200: null },
  "GET /health": { security: [], 200: null },
};

describe.each(ways)("apiKeyAuth through $way, OpenAPI $version", ({ build, version }) => {
  it("declares an apiKey scheme, in a header by default, and requires it where the route sets no security", async () => {
    const document = await build({ info, paths, plugins: [apiKeyAuth({ name: "X-API-Key" })] });
    expect(document.components?.securitySchemes?.apiKeyAuth).toEqual({ type: "apiKey", name: "X-API-Key", in: "header" });
    expect(operation(document, "/users", "get").security).toEqual([{ apiKeyAuth: [] }]);
    expect(operation(document, "/users", "post").security).toEqual([{ apiKeyAuth: [] }]);
    expect(operation(document, "/health", "get").security).toEqual([]);
  });

  it.each(["query", "cookie"] as const)("puts the key in %s, with schemeName and description", async (location) => {
    const plugin = apiKeyAuth({ name: "key", in: location, schemeName: "key", description: "Issued in the dashboard" });
    const document = await build({ info, paths, plugins: [plugin] });
    expect(document.components?.securitySchemes).toEqual({ key: { type: "apiKey", name: "key", in: location, description: "Issued in the dashboard" } });
    expect(operation(document, "/users", "get").security).toEqual([{ key: [] }]);
  });

  it("skips excluded routes", async () => {
    const document = await build({ info, paths, plugins: [apiKeyAuth({ name: "X-API-Key", exclude: ["POST /users", "/admin/*"] })] });
    expect(operation(document, "/users", "post")).not.toHaveProperty("security");
    expect(operation(document, "/admin/stats", "get")).not.toHaveProperty("security");
    expect(operation(document, "/users", "get").security).toEqual([{ apiKeyAuth: [] }]);
  });

  if (version === "3.1.0") {
    it("leaves webhooks alone", async () => {
      const document = await build({ info, paths, webhooks: { "POST ping": { 200: null } }, plugins: [apiKeyAuth({ name: "X-API-Key" })] });
      expect(document.webhooks?.ping?.post).not.toHaveProperty("security");
    });
  }
});

describe.each(ways)("bearerAuth with apiKeyAuth through $way, OpenAPI $version", ({ build }) => {
  const plugins = (): SpecloomPlugin[] => [
    bearerAuth({ bearerFormat: "JWT", exclude: "/admin/stats" }),
    apiKeyAuth({ name: "X-API-Key", exclude: "POST /users" }),
  ];

  it("declares both schemes; each operation requires the ones whose options cover it, as alternatives", async () => {
    const document = await build({ info, paths, plugins: plugins() });
    expect(document.components?.securitySchemes).toEqual({
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      apiKeyAuth: { type: "apiKey", name: "X-API-Key", in: "header" },
    });
    expect(operation(document, "/users", "get").security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    expect(operation(document, "/users", "post").security).toEqual([{ bearerAuth: [] }]);
    expect(operation(document, "/admin/stats", "get").security).toEqual([{ apiKeyAuth: [] }]);
    expect(operation(document, "/health", "get").security).toEqual([]);
  });

  it("lists the alternatives in plugin order", async () => {
    const document = await build({ info, paths: { "GET /users": { 200: null } }, plugins: plugins().reverse() });
    expect(operation(document, "/users", "get").security).toEqual([{ apiKeyAuth: [] }, { bearerAuth: [] }]);
  });

  it("does not add a scheme to security a route wrote itself", async () => {
    const document = await build({
      info,
      paths: { "GET /users": { security: [{ bearerAuth: [] }], 200: null } },
      plugins: plugins(),
    });
    expect(operation(document, "/users", "get").security).toEqual([{ bearerAuth: [] }]);
  });

  it("treats security a custom plugin wrote between them as the user's", async () => {
    const custom: SpecloomPlugin = {
      name: "tokenOnly",
      transformRoute: (route) => (route.path === "/users" && route.method === "get" ? { ...route, security: [{ bearerAuth: ["admin"] }] } : route),
    };
    const [bearer, apiKey] = plugins();
    const document = await build({ info, paths, plugins: [bearer as SpecloomPlugin, custom, apiKey as SpecloomPlugin] });
    expect(operation(document, "/users", "get").security).toEqual([{ bearerAuth: ["admin"] }]);
    expect(operation(document, "/health", "get").security).toEqual([]);
  });

  it("does not repeat a requirement when one scheme is added twice", async () => {
    const document = await build({ info, paths: { "GET /users": { 200: null } }, plugins: [bearerAuth(), bearerAuth(), apiKeyAuth({ name: "k" })] });
    expect(operation(document, "/users", "get").security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
  });
});

describe("apiKeyAuth options", () => {
  const invalid = (options: unknown, option: string, detail: string) => {
    const error = catchError(() => apiKeyAuth(options as Parameters<typeof apiKeyAuth>[0]));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe(`plugin "apiKeyAuth" (${option})`);
    expect(error.message).toContain(detail);
  };

  it("rejects an `in` outside header, query and cookie", () => {
    invalid({ name: "k", in: "body" }, "options.in", 'expected "header", "query" or "cookie", found the string "body"');
    invalid({ name: "k", in: "Header" }, "options.in", '"Header"');
  });

  it("requires a name and a valid schemeName", () => {
    invalid({}, "options.name", "is required");
    invalid({ name: "" }, "options.name", "non-empty string");
    invalid({ name: "k", schemeName: "" }, "options.schemeName", "non-empty component name");
    invalid({ name: "k", schemeName: "api/key" }, "options.schemeName", '"api/key"');
  });

  it("requires an options object and knows its options", () => {
    invalid(undefined, "options", "expected an options object");
    invalid({ name: "k", header: "X" }, "options.header", "unknown option");
    invalid({ name: "k", exclude: [null] }, "options.exclude[0]", "found null");
  });
});
