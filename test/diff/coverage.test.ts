/** Every id diff() can report has a test case, and the documentation's table lists each with its level. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIFF_CHECKS } from "specloom";
import { PLACEMENTS } from "./fixtures";
import { CASES } from "./operation-cases";
import { SCHEMA_CASES } from "./schema-cases";

function testedIds(): Set<string> {
  const ids = new Set(CASES.map((change) => change.id));
  for (const [check, , , request, response] of SCHEMA_CASES) {
    for (const place of PLACEMENTS) {
      const expected = place.direction === "request" ? request : response;
      if (expected !== null) ids.add(`${place.direction}-${place.scope}-${typeof expected === "string" ? check : expected.check}`);
    }
  }
  return ids;
}

describe("diff: ids", () => {
  it("every id has a before/after case", () => {
    const missing = DIFF_CHECKS.map((check) => check.id).filter((id) => !testedIds().has(id));
    expect(missing).toEqual([]);
  });

  it("docs/diff.md lists every id once, with its level", () => {
    const page = readFileSync(join(import.meta.dirname, "..", "..", "docs", "diff.md"), "utf8").split("\n## Every id\n")[1] ?? "";
    const rows = [...page.matchAll(/^\| `([a-z-]+)` \| (error|warning|info) \|/gm)].map((match) => ({ id: match[1], level: match[2] }));
    expect(rows).toEqual(DIFF_CHECKS.map(({ id, level }) => ({ id, level })));
  });
});
