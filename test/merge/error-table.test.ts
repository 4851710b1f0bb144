/**
 * The "Errors" table of docs/merge.md quotes each error a user can get from merge() and
 * createMerge() with its message. Each quoted message is produced here, exactly; each
 * message produced here is quoted there. (test/docs/readme.test.ts runs the page's code
 * blocks; this checks the table, against the source, without a build.)
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createMerge, merge, type OpenAPIDocument } from "specloom";
import { doc, errorOf, op } from "./fixtures";

const page = readFileSync(fileURLToPath(new URL("../../docs/merge.md", import.meta.url)), "utf8");
const table = page.slice(page.indexOf("\n## Errors\n"), page.indexOf("\n## What merge does not do\n"));

/** The backticked parts of each row's message column. */
const quoted = table
  .split("\n")
  .filter((line) => /^\| `[A-Z_]+` \|/.test(line))
  .flatMap((line) => {
    const message = line.split(" | ").slice(2).join(" | ");
    return [...message.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
  });

const item = (id: string) => ({ get: op(id) });
const pets = (type: string) => [doc("A", { components: { schemas: { Pet: { type: "object" } } } }), doc("B", { components: { schemas: { Pet: { type } } } })] as const;
const failing = (message: string) => () => {
  throw new Error(message);
};

/** Each error the page quotes, caused the way a user would cause it. */
const CASES: (() => unknown)[] = [
  () => merge(doc("Users", { paths: { "/users": item("a") } }), doc("Accounts", { paths: { "/users": item("b") } })),
  () => merge(doc("A", { webhooks: { newPet: { post: op("a") } } }, "3.1.0"), doc("B", { webhooks: { newPet: { post: op("b") } } }, "3.1.0")),
  () => merge(doc("A", { paths: { "/users/{id}": item("a") } }), doc("B", { paths: { "/users/{userId}": item("b") } })),
  () => merge(doc("A", { paths: { "/x": { $ref: "#/components/pathItems/X" } }, components: { pathItems: { X: item("a") } } }, "3.1.0"), doc("B", { paths: { "/x": { post: op("b") } } }, "3.1.0")),
  () => merge(doc("A", { paths: { "/a": item("list") } }), doc("B", { paths: { "/b": item("list") } })),
  () => merge(doc("A", { paths: { "/a": item("status") } }, "3.1.0"), doc("B", { paths: { "/b": { $ref: "#/components/pathItems/Status" } }, components: { pathItems: { Status: item("status") } } }, "3.1.0")),
  () => createMerge({ operationIds: "rename" })(doc("A", { paths: { "/a": item("list"), "/c": item("B_list") } }), doc("B", { paths: { "/b": item("list") } })),
  () => {
    const health = (type: string) => ({ schemas: { Status: { type } }, pathItems: { Health: { get: op("health", { responses: { "200": { description: "OK", content: { "application/json": { schema: { $ref: "#/components/schemas/Status" } } } } } }) } } });
    return createMerge({ components: "rename" })(doc("A", { components: health("string") }, "3.1.0"), doc("B", { components: health("integer") }, "3.1.0"));
  },
  () => merge(...pets("string")),
  () => {
    const bearer = () => ({ components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } } });
    return merge(doc("A", bearer()), doc("B", bearer()));
  },
  () => createMerge({ components: "share-identical" })(...pets("string")),
  () => createMerge({ components: "rename" })(doc("A", { components: { schemas: { Pet: { type: "object" }, B_Pet: { type: "boolean" } } } }), doc("B", { components: { schemas: { Pet: { type: "string" } } } })),
  () => merge(doc("A"), doc("B"), [] as never),
  () => merge(doc("A"), { ...doc("B"), openapi: "2.0" }),
  () => merge(doc("A"), doc("B", { paths: [] })),
  () => merge(doc("A"), doc("B", { servers: {} })),
  () => merge(doc("A"), doc("B", { paths: { "/a": "GET" } })),
  () => merge(doc("A"), doc("B", { paths: { "/a": { get: true } } })),
  () => merge(doc("A"), doc("B", { components: { schemas: [] } })),
  () => merge(doc("A"), doc("B", { tags: [{ description: "nameless" }] })),
  () => merge(doc("A"), doc("B", { paths: { "/a": { get: op("a", { "x-handler": () => 1 }) } } })),
  () => {
    const loop: Record<string, unknown> = { type: "object" };
    loop.properties = { self: loop };
    return merge(doc("A"), doc("B", { components: { schemas: { Loop: loop } } }));
  },
  () => merge(doc("A"), doc("B", { webhooks: { ping: { post: op("ping") } } }, "3.1.0")),
  () => merge(doc("A"), doc("B", { components: { pathItems: { P: item("p") } } }, "3.1.0")),
  () => merge(doc("A"), doc("B", { components: { securitySchemes: { clientCert: { type: "mutualTLS" } } } }, "3.1.0")),
  () => merge(doc("A", {}, "3.1.0"), doc("B", { paths: { "/a": { query: op("q") } } }, "3.2.0")),
  () => merge(doc("A", {}, "3.2.0"), doc("B", { tags: [{ name: "b", parent: "c" }] }, "3.2.0")),
  () => merge(doc("A", { "x-tagGroups": [] }, "3.1.0"), doc("B", { tags: [{ name: "a" }, { name: "b", parent: "a" }] }, "3.2.0")),
  () => createMerge(null as never),
  () => createMerge({ component: "rename" } as never),
  () => createMerge({ components: "share" } as never),
  () => createMerge({ prefix: "v2_" } as never),
  () => createMerge({ components: "rename", prefix: () => "" })(...pets("string")),
  () => createMerge({ components: "rename", prefix: () => "my prefix " })(...pets("string")),
  () => createMerge({ pathPrefix: () => "billing" })(doc("A"), doc("B")),
  () => createMerge({ components: "rename", prefix: failing("<its message>") })(...pets("string")),
];

/** Errors the table quotes only in part (`found a Swagger 2.0 document`, "and so on"). */
const PARTLY_QUOTED: (() => unknown)[] = [
  () => merge(doc("A"), { swagger: "2.0", info: { title: "S", version: "1" }, paths: {} } as never),
  () => merge(doc("A"), { openapi: "3.0.3", paths: {} } as never),
];

describe("docs/merge.md: merge errors", () => {
  const messageOf = (cause: () => unknown) => errorOf(cause as () => OpenAPIDocument).message;
  const messages = CASES.map(messageOf);
  const partly = PARTLY_QUOTED.map(messageOf);

  it("quotes every error a user can get, with the message merge really gives", () => {
    expect(quoted.length).toBeGreaterThan(30);
    for (const message of messages) expect(quoted, "the Errors table of docs/merge.md must quote this message").toContain(message);
  });

  it("quotes no message merge does not give (a fragment is part of one)", () => {
    for (const text of quoted) {
      if (/^[\w.]+$/.test(text)) continue; // an option or field name in a remark
      const whole = /^[\w.[\]"/{}()-]+: /.test(text) || text.startsWith("createMerge options");
      if (whole) expect(messages, "no case gives this quoted message").toContain(text);
      else expect([...messages, ...partly].some((message) => message.includes(text)), `no message contains ${JSON.stringify(text)}`).toBe(true);
    }
  });
});
