/**
 * Every definition form beyond routes and schemas (callbacks, each kind of reusable
 * component, a path's own fields, headers from one schema, links and x- keys in the
 * shorthands, a parameter written whole) in one API, as Redocly's `recommended` rules
 * judge it: no error and no unused component, with each library, in each version.
 */
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { openapi, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { allVersions, forms, type FormShapes } from "../fixtures/definition-forms";

const config = createConfig({ extends: ["recommended"] });

function everyForm(lib: FormShapes, version: (typeof allVersions)[number]): SpecloomDefinition {
  return {
    openapi: version,
    info: { title: "Every form", version: "1.0.0", license: { name: "MIT", url: "https://opensource.org/license/mit" } },
    servers: [{ url: "https://api.shop.test" }],
    securitySchemes: { apiKey: { type: "apiKey", name: "X-API-Key", in: "header" } },
    security: [{ apiKey: [] }],
    parameters: { PageSize: { name: "pageSize", in: "query", schema: lib.pageSize, examples: { small: { summary: "A small page", value: 10 } }, "x-internal": false } },
    responses: { Problem: { description: "Something went wrong", contentType: "application/problem+json", schema: lib.event } },
    requestBodies: { Subscribe: { schema: lib.subscription, description: "Where to deliver events" } },
    headers: { RateLimit: { schema: lib.pageSize, description: "Requests left" } },
    examples: { Created: { summary: "A created event", value: { event: "created", at: "2026-01-01T00:00:00Z" } } },
    links: { ReadUser: { operationId: "readUser", parameters: { id: "$request.path.id" } } },
    callbacks: { Ping: { "GET {$request.body#/callbackUrl}": { summary: "Ping the receiver", 204: null, 410: { description: "Gone" } } } },
    paths: {
      "/users/{id}": { summary: "One user", description: "A user by id", params: lib.userParams, "x-owner": "accounts" },
      "GET /users/{id}": {
        summary: "Read a user",
        operationId: "readUser",
        parameters: ["PageSize"],
        200: { schema: lib.event, headers: lib.rateHeaders, examples: { created: "Created" }, links: { self: "ReadUser" }, "x-cache": "no-store" },
        404: "Problem",
      },
      "POST /subscriptions": {
        summary: "Subscribe",
        body: "Subscribe",
        callbacks: {
          event: { "POST {$request.body#/callbackUrl}": { summary: "Deliver an event", body: { schema: lib.event, "x-retry": 3 }, 204: null, 410: { description: "Gone" } } },
          ping: "Ping",
        },
        201: { schema: lib.subscription, headers: { "X-Rate-Limit": "RateLimit" } },
        400: "Problem",
      },
    },
  };
}

describe.each(forms)("every definition form ($name)", (lib) => {
  it.each(allVersions)("has no error and no unused component under Redocly's recommended rules (%s)", async (version) => {
    const document = openapi(everyForm(lib, version));
    await expectValidOpenAPI(document);
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: `every-form.${version}.json`, config: await config });
    const summary = problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
    expect(summary.filter((line) => line.startsWith("error "))).toEqual([]);
    expect(summary.filter((line) => line.includes("no-unused-components"))).toEqual([]);
  });
});
