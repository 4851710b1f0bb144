/**
 * The watcher behind `specloom preview`, through its own API: a file the document starts to
 * reference after the watch began (in a folder watched already, or in a new one) is noticed
 * once the list is read again, and a file it no longer references is not.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { FileWatch } from "../../src/cli/file-watch";

const folder = mkdtempSync(join(tmpdir(), "specloom-watch-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const watches: FileWatch[] = [];
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close();
});

function write(name: string, text: string): string {
  const path = join(folder, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** A watch over a list the test changes, counting the callbacks. */
function watching(files: string[]): { calls: () => number } {
  let calls = 0;
  const watch = new FileWatch(
    () => files,
    () => calls++,
  );
  watches.push(watch);
  watch.rewatch();
  return { calls: () => calls };
}

/** Long enough for fs.watch to report and the 150 ms debounce to run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe("FileWatch", () => {
  it("notices a file the document starts to reference after the watch began, in a new folder and in a watched one", async () => {
    const files = [write("start/openapi.yaml", "a")];
    const later = write("later/Tag.yaml", "b");
    const sibling = write("start/Other.yaml", "c");
    const { calls } = watching(files);
    writeFileSync(later, "b2");
    writeFileSync(sibling, "c2");
    await settle();
    expect(calls(), "files not referenced yet are not watched").toBe(0);

    // The document was regenerated and now refers to both: preview calls rewatch().
    files.push(later, sibling);
    watches[0]?.rewatch();
    writeFileSync(later, "b3");
    await vi.waitFor(() => expect(calls()).toBe(1), { timeout: 5_000 });
    writeFileSync(sibling, "c3");
    await vi.waitFor(() => expect(calls()).toBe(2), { timeout: 5_000 });
  });

  it("stops noticing a file the document no longer references", async () => {
    const entry = write("drop/openapi.yaml", "a");
    const dropped = write("drop/old/Gone.yaml", "b");
    const files = [entry, dropped];
    const { calls } = watching(files);
    writeFileSync(dropped, "b2");
    await vi.waitFor(() => expect(calls()).toBe(1), { timeout: 5_000 });
    files.pop();
    watches[0]?.rewatch();
    writeFileSync(dropped, "b3");
    await settle();
    expect(calls()).toBe(1);
    // An editor that replaces the file (write elsewhere, rename over it) is a change too.
    write("drop/openapi.yaml.tmp", "a2");
    renameSync(join(folder, "drop/openapi.yaml.tmp"), entry);
    await vi.waitFor(() => expect(calls()).toBe(2), { timeout: 5_000 });
  });
});
