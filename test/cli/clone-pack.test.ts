/**
 * A fresh clone (fresh-clone.ts) as a CI system meets it: `npm ci`, the reproducible
 * install, builds and leaves `git status` clean; and the tarball `npm pack` makes (prepack
 * builds) installs into an empty project without an npm warning about specloom (no install
 * script asks for approval). Beside clone-install.test.ts, in a clone of its own, so the
 * two install at the same time.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cloneFolder, gitStatus, makeClone, succeeds } from "./fresh-clone";
import { lines, root } from "./helpers";

const { work, clone } = cloneFolder();
const user = join(work, "user-project");

describe("a fresh clone", { timeout: 300_000 }, () => {
  it("installs with npm ci, the reproducible install of CI systems, which builds too and stays clean", async () => {
    makeClone(clone);
    await succeeds("npm ci", clone);
    expect(existsSync(join(clone, "node_modules", "vitest"))).toBe(true);
    expect(existsSync(join(clone, "dist", "cli.js")), "npm ci runs the dependencies script, which builds").toBe(true);
    expect(gitStatus(clone), "the build writes only git-ignored files").toBe("");
  });

  it("packs a tarball that installs into an empty project with no npm warning about specloom", async () => {
    // prepack builds, so the tarball never holds a stale dist/.
    rmSync(join(clone, "dist"), { recursive: true, force: true });
    const pack = await succeeds(`npm pack --pack-destination ${JSON.stringify(work)}`, clone);
    const tarball = lines(pack.stdout).at(-1) as string;
    expect(tarball).toMatch(/^specloom-\d+\.\d+\.\d+\.tgz$/);
    expect(gitStatus(clone)).toBe("");

    mkdirSync(user);
    writeFileSync(join(user, "package.json"), JSON.stringify({ name: "user-project", version: "1.0.0", private: true }));
    const install = await succeeds(`npm install ${JSON.stringify(join(work, tarball))}`, user);
    const warnings = lines(install.stdout + install.stderr).filter((line) => /\bwarn/i.test(line) && /specloom/i.test(line));
    expect(warnings).toEqual([]);
    expect(install.stderr, "a script npm would ask the user to approve").not.toMatch(/install-scripts/);
    expect(readdirSync(join(user, "node_modules", "specloom", "dist"))).toContain("cli.js");
    expect(readdirSync(join(user, "node_modules", "specloom")), "the licence ships with the package").toContain("LICENSE");
    const version = await succeeds("npx specloom --version", user);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version);
  });
});
