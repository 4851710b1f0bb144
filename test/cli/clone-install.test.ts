/**
 * A fresh clone (fresh-clone.ts) as a newcomer meets it: the README's commands run as
 * written there: `npm install` builds (the `dependencies` script), so the next command
 * works, and leaves `git status` clean (the lockfile is as npm writes it, dist/ is ignored).
 * clone-pack.test.ts installs another clone the way CI does and packs it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openapi } from "specloom";
import petstore from "../../examples/petstore";
import { cloneCommands, cloneFolder, gitStatus, makeClone, succeeds } from "./fresh-clone";

const { clone } = cloneFolder();

describe("a fresh clone", { timeout: 300_000 }, () => {
  it("has the repository's files, and neither dist/ nor node_modules/", () => {
    makeClone(clone);
  });

  it("runs the README's two commands as written: npm install builds, then the command prints the example's document", async () => {
    const commands = cloneCommands();
    expect(commands).toEqual(["npm install", "npx specloom generate examples/petstore.ts"]);
    // The first install of the clone: it must not rewrite the lockfile, and must build.
    await succeeds(commands[0] as string, clone);
    expect(existsSync(join(clone, "dist", "cli.js")), "npm install runs the dependencies script, which builds").toBe(true);
    const run = await succeeds(commands[1] as string, clone);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(openapi(petstore))));
    expect(gitStatus(clone), "npm install changed tracked files (a lockfile npm rewrites?)").toBe("");
  });
});
