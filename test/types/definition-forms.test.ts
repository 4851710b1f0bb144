/** The definition forms in `PathsOf` and `ValidatedRequestOf`: the assertions of ./definition-forms-checks.ts hold (each fails the type check when false). */
import { join } from "node:path";
import { expect, it } from "vitest";
import { typeCheck } from "./type-checks";

it("types a path's own fields, listed and registered parameters, registered responses and bodies, and header schemas as the document writes them", () => {
  expect(typeCheck([join(import.meta.dirname, "definition-forms-checks.ts")])).toEqual([]);
});
