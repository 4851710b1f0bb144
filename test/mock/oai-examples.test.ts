/**
 * The mock of each of the OpenAPI Initiative's example documents (test/corpora/oai-examples,
 * OpenAPI 3.0): for every operation, a valid request is answered with each declared status
 * (Prefer: code) and media type (Accept), drawn several times (Prefer: dynamic=true), and
 * the response checker (specloom/http's responseValidator) finds nothing wrong with any answer.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { requestValidator, responseValidator } from "specloom/http";
import { mockHandler } from "specloom/mock";
import { schemaValues } from "../../src/values/index";
import { validRequest } from "./requests";

type Json = Record<string, unknown>;
const directory = join(import.meta.dirname, "..", "corpora", "oai-examples");
const documents = readdirSync(directory)
  .filter((name) => name.endsWith(".yaml"))
  .map((name): [string, Json] => [name, parse(readFileSync(join(directory, name), "utf8")) as Json]);
const METHODS = ["get", "put", "post", "delete", "patch"];
const DRAWS = 4;

describe.each(documents)("the mock of %s", (_name, document) => {
  const mock = mockHandler(document as never, { seed: 5 });
  const validate = requestValidator(document as never);
  const checker = responseValidator(document as never);
  const values = { body: schemaValues(document, { direction: "request" }), header: schemaValues(document, { direction: "request", text: "header" }) };
  const operations = Object.entries(document.paths as Json).flatMap(([path, item]) => METHODS.filter((method) => (item as Json)[method] !== undefined).map((method) => [path, method] as const));

  it("answers every operation, each declared status and media type, valid for the response checker", async () => {
    let answers = 0;
    for (const [path, method] of operations) {
      const responses = ((document.paths as Json)[path] as Json)[method] as Json;
      for (const [status, declared] of Object.entries(responses.responses as Json)) {
        const media = Object.keys(((declared as Json).content ?? { "": null }) as Json);
        for (const type of media) {
          for (let draw = 0; draw < DRAWS; draw++) {
            const request = validRequest(document, path, method, values, draw);
            expect((await validate(request.clone())).ok, `${method} ${path}: the test's request is valid`).toBe(true);
            request.headers.set("prefer", `code=${status === "default" ? 599 : status}, dynamic=${draw > 0}`);
            if (type !== "") request.headers.set("accept", type);
            const response = await mock(request);
            const route = `${method.toUpperCase()} ${path}`;
            expect(await checker.check(route as never, response), `${route} ${status} ${type}: ${await response.clone().text()}`).toEqual({ ok: true });
            answers++;
          }
        }
      }
    }
    expect(answers).toBeGreaterThan(0);
  });
});
