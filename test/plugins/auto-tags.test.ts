import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteShorthand, SpecloomPlugin } from "specloom";
import { autoTags } from "specloom/plugins";
import { catchError, info, operation, User, ways } from "./helpers";

const paths: Record<string, RouteShorthand> = {
  "GET /users": { 200: z.array(User) },
  "GET /users/{id}/posts": { params: z.object({ id: z.string() }), 200: null },
  "GET /{tenant}/orders": { params: z.object({ tenant: z.string() }), 200: null },
  "GET /": { 200: null },
  "GET /reports": { tags: ["analytics"], 200: null },
  "GET /ping": { tags: [], 200: null },
};

describe.each(ways)("autoTags through $way, OpenAPI $version", ({ build, make, version }) => {
  it("tags an operation without tags by its first literal path segment, skipping {params}", async () => {
    const document = await build({ info, paths, plugins: [autoTags()] });
    expect(operation(document, "/users", "get").tags).toEqual(["users"]);
    expect(operation(document, "/users/{id}/posts", "get").tags).toEqual(["users"]);
    expect(operation(document, "/{tenant}/orders", "get").tags).toEqual(["orders"]);
    expect(operation(document, "/", "get")).not.toHaveProperty("tags");
  });

  it("keeps tags a route gives, including an explicit empty list", async () => {
    const document = await build({ info, paths, plugins: [autoTags()] });
    expect(operation(document, "/reports", "get").tags).toEqual(["analytics"]);
    expect(operation(document, "/ping", "get").tags).toEqual([]);
  });

  it("lists every tag used in the document's tags, in order of first use", async () => {
    const document = await build({ info, paths, plugins: [autoTags()] });
    expect(document.tags).toEqual([{ name: "users" }, { name: "orders" }, { name: "analytics" }]);
  });

  it("keeps existing tags entries with their descriptions and positions; the first of a name wins", async () => {
    const document = await build({
      info,
      paths,
      tags: [
        { name: "orders", description: "Orders of a tenant" },
        { name: "billing", description: "Not used by any operation" },
      ],
      plugins: [autoTags()],
    });
    expect(document.tags).toEqual([
      { name: "orders", description: "Orders of a tenant" },
      { name: "billing", description: "Not used by any operation" },
      { name: "users" },
      { name: "analytics" },
    ]);
  });

  it("removes a later duplicate of an existing tags entry (one an earlier plugin appended)", async () => {
    // A definition may not list a tag twice (INVALID_DEFINITION), but a plugin before this one may.
    const appendTag: SpecloomPlugin = { name: "append", transformDocument: (document) => ({ ...document, tags: [...(document.tags ?? []), { name: "users", description: "Second" }] }) };
    const document = await build({
      info,
      paths: { "GET /users": { 200: null } },
      tags: [{ name: "users", description: "First" }],
      plugins: [appendTag, autoTags()],
    });
    expect(document.tags).toEqual([{ name: "users", description: "First" }]);
  });

  it("strips a prefix before counting segments, and reads paths outside it whole", async () => {
    const document = await build({
      info,
      paths: { "GET /api/v1/users": { 200: null }, "GET /api/v1": { 200: null }, "GET /health": { 200: null }, "GET /api/v10/x": { 200: null } },
      plugins: [autoTags({ prefix: "/api/v1/" })],
    });
    expect(operation(document, "/api/v1/users", "get").tags).toEqual(["users"]);
    expect(operation(document, "/api/v1", "get")).not.toHaveProperty("tags");
    expect(operation(document, "/health", "get").tags).toEqual(["health"]);
    expect(operation(document, "/api/v10/x", "get").tags).toEqual(["api"]);
  });

  it("picks another literal segment with `segment`, and none when the path has too few", async () => {
    const document = await build({
      info,
      paths: { "GET /v2/{org}/repos/{repo}": { 200: null }, "GET /v2": { 200: null } },
      plugins: [autoTags({ segment: 1 })],
    });
    expect(operation(document, "/v2/{org}/repos/{repo}", "get").tags).toEqual(["repos"]);
    expect(operation(document, "/v2", "get")).not.toHaveProperty("tags");
    expect(document.tags).toEqual([{ name: "repos" }]);
  });

  it("turns the segment into a tag name with `format`, which also sees the route", async () => {
    const seen: string[] = [];
    const document = await build({
      info,
      paths: { "GET /user-accounts": { 200: null }, "POST /user-accounts": { 201: null } },
      plugins: [
        autoTags({
          format: (segment, route) => {
            seen.push(`${route.method} ${route.path}`);
            return segment.split("-").map((word) => word[0]?.toUpperCase() + word.slice(1)).join(" ");
          },
        }),
      ],
    });
    expect(operation(document, "/user-accounts", "get").tags).toEqual(["User Accounts"]);
    expect(document.tags).toEqual([{ name: "User Accounts" }]);
    expect(seen).toEqual(["get /user-accounts", "post /user-accounts"]);
  });

  it("reports a format that returns no tag name, naming the plugin", () => {
    const error = catchError(() => make({ info, paths: { "GET /users": { 200: null } }, plugins: [autoTags({ format: () => "" })] }));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.message).toContain('plugin "autoTags"');
    expect(error.message).toContain('returned the string "" for the segment "users"');
  });

  it("skips excluded routes", async () => {
    const document = await build({ info, paths, plugins: [autoTags({ exclude: "GET /users" })] });
    expect(operation(document, "/users", "get")).not.toHaveProperty("tags");
    expect(operation(document, "/users/{id}/posts", "get").tags).toEqual(["users"]);
  });

  it("adds no tags list when no operation has a tag", async () => {
    const document = await build({ info, paths: { "GET /": { 200: null } }, plugins: [autoTags()] });
    expect(document).not.toHaveProperty("tags");
  });

  if (version === "3.1.0") {
    it("does not tag webhooks, but lists the tags they give", async () => {
      const document = await build({
        info,
        paths: { "GET /users": { 200: null } },
        webhooks: { "POST userCreated": { body: User, 200: null }, "POST audit": { tags: ["audit"], 200: null } },
        plugins: [autoTags()],
      });
      expect(document.webhooks?.userCreated?.post).not.toHaveProperty("tags");
      expect(document.tags).toEqual([{ name: "users" }, { name: "audit" }]);
    });
  }
});

describe("autoTags options", () => {
  const invalid = (options: unknown, option: string, detail: string) => {
    const error = catchError(() => autoTags(options as Parameters<typeof autoTags>[0]));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe(`plugin "autoTags" (${option})`);
    expect(error.message).toContain(detail);
  };

  it("rejects a segment that is not a whole number from 0 up", () => {
    invalid({ segment: -1 }, "options.segment", "a number (-1)");
    invalid({ segment: 1.5 }, "options.segment", "a number (1.5)");
    invalid({ segment: "1" }, "options.segment", 'the string "1"');
  });

  it("rejects a prefix that is not a path, a format that is not a function, and unknown options", () => {
    invalid({ prefix: "api" }, "options.prefix", 'starting with "/"');
    invalid({ prefix: "" }, "options.prefix", "non-empty string");
    invalid({ format: "upper" }, "options.format", "expected a function");
    invalid({ tag: "x" }, "options.tag", "unknown option");
  });
});
