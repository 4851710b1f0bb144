/**
 * The sizes README.md and docs/ quote are the ones `npm run sizes` measures now (npm test
 * builds dist/ first): a change to the build or to a dependency that moves a figure fails
 * here until `npm run sizes` rewrites it.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { formatBytes, measureSizes, pages, withSizes } from "../../scripts/sizes";

describe("the sizes in the docs", { timeout: 60_000 }, () => {
  const sizes = measureSizes();

  it.each(pages().map((page) => [relative(process.cwd(), page), page]))("%s quotes the measured sizes (`npm run sizes` writes them)", (_name, page) => {
    const markdown = readFileSync(page, "utf8");
    expect(markdown).toBe(withSizes(markdown, sizes));
  });

  it("the README and the performance page quote the packed, unpacked and installed sizes", () => {
    const quoted = pages().map((page) => readFileSync(page, "utf8")).join("\n");
    for (const key of ["packed", "unpacked", "installed"]) expect(quoted).toContain(`<!-- size:${key} -->${sizes[key]}<!-- /size -->`);
    expect(readFileSync(pages()[0] as string, "utf8")).toContain(`<!-- size:packed -->${sizes.packed}<!-- /size -->`);
  });

  it("refuses a marker it has no figure for", () => {
    expect(() => withSizes("<!-- size:nonsense -->1 kB<!-- /size -->", sizes)).toThrow('unknown size key "nonsense"');
  });

  it("writes kB below 1 MB and MB with one decimal above, in powers of ten", () => {
    expect([formatBytes(208_400), formatBytes(999_499), formatBytes(1_250_000), formatBytes(17_949_999)]).toEqual(["208 kB", "999 kB", "1.3 MB", "17.9 MB"]);
  });
});
