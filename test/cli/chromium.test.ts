/**
 * The browser test finds its Chromium through CHROME_PATH or on PATH, and without one says
 * in one line how to install it.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findChromium } from "../helpers/chromium";

const dir = mkdtempSync(join(tmpdir(), "specloom-chromium-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file in a folder of its own, executable or not. */
function file(folder: string, name: string, executable = true): string {
  mkdirSync(join(dir, folder), { recursive: true });
  const path = join(dir, folder, name);
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, executable ? 0o755 : 0o644);
  return path;
}

const failure = (env: NodeJS.ProcessEnv) => {
  try {
    findChromium(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected findChromium to throw");
};

describe("findChromium", () => {
  it("takes CHROME_PATH first, whatever is on PATH", () => {
    const chosen = file("chosen", "my-chrome");
    const onPath = file("first", "chromium");
    expect(findChromium({ CHROME_PATH: chosen, PATH: join(dir, "first") })).toBe(chosen);
    expect(findChromium({ CHROME_PATH: "", PATH: join(dir, "first") })).toBe(onPath);
  });

  it("finds each usual name on PATH, in PATH's order, and skips what is not executable", () => {
    for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
      const found = file(`only-${name}`, name);
      expect(findChromium({ PATH: [join(dir, "missing"), join(dir, `only-${name}`)].join(delimiter) })).toBe(found);
    }
    file("not-executable", "chromium", false);
    const later = file("later", "google-chrome");
    expect(findChromium({ PATH: [join(dir, "not-executable"), join(dir, "later"), join(dir, "first")].join(delimiter) })).toBe(later);
  });

  it("fails with one line naming the install command and CHROME_PATH when there is none", () => {
    file("plain", "chromium", false);
    mkdirSync(join(dir, "folder-named", "chromium"), { recursive: true });
    const error = failure({ PATH: [join(dir, "plain"), join(dir, "folder-named"), join(dir, "missing")].join(delimiter) });
    expect(error.message).not.toContain("\n");
    expect(error.message).toContain("apt-get install chromium");
    expect(error.message).toContain("CHROME_PATH");
    expect(error.stack).toBe(`Error: ${error.message}`);
    expect(failure({}).message).toBe(error.message);
  });

  it("fails in one line when CHROME_PATH names no executable file", () => {
    const error = failure({ CHROME_PATH: join(dir, "missing", "chrome"), PATH: join(dir, "first") });
    expect(error.message).toMatch(/^CHROME_PATH is .*missing\/chrome, which is not an executable file: .*apt-get install chromium/);
    expect(error.message).not.toContain("\n");
  });
});
