/**
 * `npm run example <library>`, the README's way to see the library work, runs for each
 * library and prints a valid document; the first example (Zod in the README, ArkType and
 * Valibot in docs/schemas.md) is these files word for word; and the three documents differ
 * only where the documentation says they do.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectValidOpenAPI } from "../helpers/document";

const root = join(import.meta.dirname, "..", "..");
const LIBRARIES = ["zod", "arktype", "valibot"] as const;

function runExample(library: string): Record<string, unknown> {
  const output = execFileSync("npm", ["run", "--silent", "example", library], { cwd: root, encoding: "utf8" });
  return JSON.parse(output) as Record<string, unknown>;
}

/** The document without what Zod adds and the README names: `additionalProperties: false` and safe-integer bounds. */
function withoutZodExtras(document: unknown): unknown {
  return JSON.parse(JSON.stringify(document), (key, value: unknown) => {
    if (key === "additionalProperties" && value === false) return undefined;
    if ((key === "minimum" || key === "maximum") && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) return undefined;
    return value;
  });
}

describe("npm run example", () => {
  const documents = Object.fromEntries(LIBRARIES.map((library) => [library, runExample(library)]));

  it.each(LIBRARIES)("prints a valid document with %s", async (library) => {
    await expectValidOpenAPI(documents[library]);
    expect(Object.keys(documents[library]?.paths as object)).toEqual(["/pets", "/pets/{petId}"]);
  });

  it("prints the same document with ArkType and Valibot, and with Zod but for its additionalProperties and integer bounds", () => {
    expect(JSON.stringify(documents.valibot)).toBe(JSON.stringify(documents.arktype));
    expect(JSON.stringify(documents.zod)).not.toBe(JSON.stringify(documents.arktype));
    expect(JSON.stringify(withoutZodExtras(documents.zod))).toBe(JSON.stringify(documents.arktype));
  });

  it.each([
    ["zod", "README.md"],
    ["arktype", "docs/schemas.md"],
    ["valibot", "docs/schemas.md"],
  ])("is the first example for %s in %s, word for word", (library, page) => {
    const markdown = readFileSync(join(root, page), "utf8");
    const file = readFileSync(join(root, "examples", `petstore-${library}.ts`), "utf8");
    expect(markdown).toContain("```ts\n" + file + "```");
  });

  it("refuses an unknown library with its usage (exit 2)", () => {
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync("npm", ["run", "--silent", "example", "yup"], { cwd: root, stdio: "pipe", encoding: "utf8" });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(2);
    expect(failure?.stderr).toContain("usage: npm run example [zod|arktype|valibot]");
  });
});
