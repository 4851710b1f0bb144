/**
 * The built-in plugins on 3.2 routes: QUERY and other methods are path operations like the
 * eight, so bearerAuth secures them, `exclude` names them, autoTags and errorResponses
 * reach them. Every document is validated against the 3.2 schema.
 */
import { describe, expect, it } from "vitest";
import { openapi } from "specloom";
import { autoTags, bearerAuth, errorResponses } from "specloom/plugins";
import { libraries } from "../fixtures/libraries";
import { expectValidOpenAPI } from "../helpers/document";

describe.each(libraries)("plugins on QUERY and additional operations ($name)", (lib) => {
  it("secure, tag and give error responses to them; exclude takes their method", async () => {
    const doc = openapi({
      openapi: "3.2.0",
      info: { title: "Plugins 3.2", version: "1" },
      plugins: [bearerAuth({ exclude: ["QUERY /public", "purge /public"] }), autoTags(), errorResponses([{ status: 400, schema: lib.text }])],
      paths: {
        "QUERY /pets": { body: lib.listQuery, 200: lib.petList },
        "PURGE /pets": { 204: null },
        "QUERY /public": { 200: lib.text },
        "PURGE /public": { 204: null },
      },
    });
    const pets = doc.paths["/pets"];
    expect(pets?.query?.security).toEqual([{ bearerAuth: [] }]);
    expect(pets?.additionalOperations?.PURGE?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths["/public"]?.query?.security).toBeUndefined();
    expect(doc.paths["/public"]?.additionalOperations?.PURGE?.security).toBeUndefined();
    expect(pets?.query?.tags).toEqual(["pets"]);
    expect(doc.tags).toEqual([{ name: "pets" }, { name: "public" }]);
    expect(Object.keys(pets?.additionalOperations?.PURGE?.responses ?? {})).toEqual(["204", "400"]);
    await expectValidOpenAPI(doc);
  });
});
