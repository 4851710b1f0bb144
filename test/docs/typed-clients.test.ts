/**
 * docs/typed-clients.md is about types, so running its blocks (readme.test.ts does) is not
 * enough: every block must also type-check, its `@ts-expect-error` lines included (an
 * unused one is an error), with `specloom` resolved to the sources.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { typeCheck } from "../types/type-checks";

const root = join(import.meta.dirname, "..", "..");
// A folder of its own: paths-of.test.ts empties test/.paths-of/ while this may run beside it.
const work = join(root, "test", ".typed-clients");

it("every TypeScript block of docs/typed-clients.md type-checks", () => {
  const markdown = readFileSync(join(root, "docs", "typed-clients.md"), "utf8");
  const blocks = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const files = blocks.map((code, index) => {
    const file = join(work, `block-${index + 1}.ts`);
    writeFileSync(file, code);
    return file;
  });
  expect(typeCheck(files)).toEqual([]);
});
