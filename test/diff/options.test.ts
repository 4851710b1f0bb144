/** diff()'s options are checked: a mistake is a SpecloomError naming the option, never a TypeError or a silent no-op. */
import { describe, expect, it } from "vitest";
import { SpecloomError, diff } from "specloom";
import { document, operation } from "./fixtures";

const before = document({ "/a": { get: operation() }, "/b": { get: operation() } });
const after = document({ "/a": { get: operation() } });

/** The error diff(before, after, options) throws: a SpecloomError whose location names the option. */
function failure(options: unknown): SpecloomError {
  try {
    diff(before, after, options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(SpecloomError);
    return error as SpecloomError;
  }
  throw new Error("diff accepted the options");
}

describe("diff: options are checked", () => {
  const cases: readonly [string, unknown, string, RegExp][] = [
    ["null", null, "diff(options)", /expected \{ today\?, ignore\? \}, found null/],
    ["an array", [], "diff(options)", /found an array/],
    ["a string", "2026-01-01", "diff(options)", /found the string/],
    ["an unknown key", { ignored: [] }, "diff(options.ignored)", /unknown option \(expected today or ignore\)/],
    ["today: a number", { today: 5 }, "diff(options.today)", /found a number \(5\)/],
    ["today: no date", { today: "next spring" }, "diff(options.today)", /expected a date such as "2026-01-31"/],
    ["today: an invalid Date", { today: new Date(Number.NaN) }, "diff(options.today)", /an invalid Date/],
    ["ignore: a number", { ignore: 5 }, "diff(options.ignore)", /expected a list of \{ id, operation\?, location\? \}, found a number \(5\)/],
    ["ignore: [null]", { ignore: [null] }, "diff(options.ignore[0])", /expected \{ id, operation\?, location\? \}, found null/],
    ["ignore: an entry without id", { ignore: [{ operation: "GET /b" }] }, "diff(options.ignore[0].id)", /expected an id diff reports/],
    ["ignore: an id diff does not report", { ignore: [{ id: "endpoint-removed" }] }, "diff(options.ignore[0].id)", /"endpoint-removed" is not an id diff reports \(DIFF_CHECKS lists them\)/],
    ["ignore: an operation that is no string", { ignore: [{ id: "endpoint-added", operation: 1 }] }, "diff(options.ignore[0].operation)", /expected an operation such as "GET \/pets"/],
    ["ignore: a location that is no JSON pointer", { ignore: [{ id: "endpoint-added", location: "paths" }] }, "diff(options.ignore[0].location)", /expected a JSON pointer/],
    ["ignore: an unknown key in an entry", { ignore: [{ id: "endpoint-added", at: "/paths" }] }, "diff(options.ignore[0].at)", /unknown key \(expected id, operation or location\)/],
  ];
  for (const [name, options, location, message] of cases) {
    it(`${name}: ${location}`, () => {
      const error = failure(options);
      expect(error.code).toBe("INVALID_DEFINITION");
      expect(error.location).toBe(location);
      expect(error.message).toMatch(message);
    });
  }

  it("what is right still works: undefined, {}, a Date, the ignore list", () => {
    expect(diff(before, after).changes.map((change) => change.id)).toEqual(["api-path-removed-without-deprecation"]);
    expect(diff(before, after, undefined).changes).toHaveLength(1);
    expect(diff(before, after, { today: new Date("2026-01-31"), ignore: [] }).changes).toHaveLength(1);
    expect(diff(before, after, { ignore: [{ id: "api-path-removed-without-deprecation", operation: "GET /b", location: "/paths/~1b" }] }).changes).toEqual([]);
  });

  it("options are read once, without running the caller's getters twice or changing them", () => {
    let reads = 0;
    const options = Object.freeze({
      get today() {
        reads++;
        return "2026-01-31";
      },
    });
    diff(before, after, options);
    expect(reads).toBe(1);
  });
});
