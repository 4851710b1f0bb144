/**
 * Every schema check, in every place a schema is read (request body, parameter, property of
 * a request, header of a callback's response; response body, header, property of a response,
 * parameter of a callback): a small before/after pair gives
 * exactly that id, with the level the direction gives it (what narrows a request or widens a
 * response breaks a client), at the schema's pointer in `after`. The reverse pair is its own case.
 */
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { PLACEMENTS } from "./fixtures";
import { SCHEMA_CASES } from "./schema-cases";

describe("diff: every schema check, in every place, in both directions", () => {
  for (const [check, before, after, request, response, version] of SCHEMA_CASES) {
    for (const place of PLACEMENTS) {
      const expected = place.direction === "request" ? request : response;
      if (expected === null) continue;
      const { check: id, level } = typeof expected === "string" ? { check, level: expected } : expected;
      const fullId = `${place.direction}-${place.scope}-${id}`;
      it(`${fullId} (${level}) for ${JSON.stringify(before)} -> ${JSON.stringify(after)}`, async () => {
        const [b, a] = [place.document(before, version), place.document(after, version)];
        await expectValidOpenAPI(b);
        await expectValidOpenAPI(a);
        const { changes, breaking } = diff(b, a);
        expect(changes).toEqual([{ id: fullId, level, operation: place.operation ?? "POST /pets", location: place.pointer, message: expect.any(String) }]);
        expect(breaking).toBe(level === "error");
      });
    }
  }
});
