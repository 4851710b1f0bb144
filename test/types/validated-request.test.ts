/** `ValidatedRequestOf`: the assertions of ./validated-request-checks.ts hold (each fails the type check when false). */
import { join } from "node:path";
import { expect, it } from "vitest";
import { typeCheck } from "./type-checks";

it("types each validated request part by its schema's output, for a definition, a builder and openapi()'s document", () => {
  expect(typeCheck([join(import.meta.dirname, "validated-request-checks.ts")])).toEqual([]);
});
