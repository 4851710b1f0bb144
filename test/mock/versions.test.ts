/**
 * Every answer of the mock is valid against its document, in OpenAPI 3.0.3, 3.1.0 and 3.2.0:
 * for each operation, each declared status (Prefer: code) and media type (Accept), drawn
 * again and again (Prefer: dynamic=true), judged by Ajv in the document's dialect.
 */
import { describe, expect, it } from "vitest";
import { openapi, type OpenAPIVersion } from "specloom";
import { mockHandler } from "specloom/mock";
import { expectValidOpenAPI } from "../helpers/document";
import { petsApi } from "./fixtures";
import { ResponseJudge } from "./response-check";

type Json = Record<string, unknown>;
const DRAWS = 8;

/** A request each operation of the pets API accepts. */
const REQUESTS: Record<string, RequestInit & { url: string }> = {
  "GET /pets": { url: "/pets?limit=5" },
  "GET /pets/{id}": { url: "/pets/3" },
  "POST /pets": { url: "/pets", method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Rex", kind: "dog", owner: null }) },
  "DELETE /pets/{id}": { url: "/pets/3", method: "DELETE" },
  "GET /categories": { url: "/categories" },
  "GET /health": { url: "/health" },
};

describe.each<OpenAPIVersion>(["3.0.3", "3.1.0", "3.2.0"])("mock answers for an OpenAPI %s document", (version) => {
  const definition = petsApi(version);
  const document = openapi(definition) as unknown as Json;
  const judge = new ResponseJudge(document);
  const handler = mockHandler(definition, { seed: 11 });

  it("the document is valid OpenAPI", async () => {
    await expectValidOpenAPI(document);
  });

  it.each(Object.entries(REQUESTS))(`%s: every declared status and media type, ${DRAWS} draws each`, async (key, { url, ...init }) => {
    const [method, path] = key.split(" ") as [string, string];
    const operation = ((document.paths as Json)[path] as Json)[method.toLowerCase()] as Json;
    for (const status of Object.keys(operation.responses as Json)) {
      const code = status === "default" ? "503" : status;
      const response = (operation.responses as Json)[status] as Json;
      const media = Object.keys((response.content ?? { "": null }) as Json);
      for (const type of media) {
        for (let draw = 0; draw < DRAWS; draw++) {
          const headers = new Headers(init.headers);
          headers.set("prefer", `code=${code}, dynamic=true`);
          if (type !== "") headers.set("accept", type);
          const answer = await handler(new Request(`http://localhost${url}`, { ...init, headers }));
          expect(answer.status, `${key} ${code} ${type}`).toBe(Number(code));
          await judge.expectDeclared(method, path, answer);
        }
      }
    }
  });
});
