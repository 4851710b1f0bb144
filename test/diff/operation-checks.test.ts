/**
 * Every check outside schemas (paths, operations, deprecation, parameters, request bodies,
 * responses, properties, security, webhooks, callbacks, tags): a small before/after pair
 * gives exactly that change, with its level and the pointer of what changed (into `after`,
 * or into `before` for what was removed). Reverse pairs with their own id are cases too.
 */
import { describe, expect, it } from "vitest";
import { diff } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { CASES } from "./operation-cases";

describe("diff: every check outside schemas, with its level and pointer", () => {
  for (const change of CASES) {
    it(`${change.id} (${change.level})`, async () => {
      await expectValidOpenAPI(change.before);
      await expectValidOpenAPI(change.after);
      const result = diff(change.before, change.after, { today: "2026-06-01" });
      const expected = { id: change.id, level: change.level, location: change.location, message: expect.any(String), ...(change.operation ? { operation: change.operation } : {}) };
      expect(result.changes).toEqual([expected]);
    });
  }
});
