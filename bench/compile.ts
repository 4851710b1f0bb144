/**
 * Compiles the worker (and everything it imports from bench/ and test/helpers/) to plain
 * JavaScript in `.bench/`, so that no timed process runs under a TypeScript loader (a loader
 * changes a tool's import and first-call cost). Packages stay imports of node_modules, and
 * dynamic imports stay separate chunks, so a worker loads only the tool it measures.
 */
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ROOT_URL } from "./root";

export const COMPILED_DIR = fileURLToPath(new URL(".bench/", ROOT_URL));

/** Compiles `entries` (paths relative to bench/) and returns the compiled files' paths by entry. */
export async function compileBench(entries: readonly string[]): Promise<Record<string, string>> {
  const bench = fileURLToPath(new URL("bench/", ROOT_URL));
  rmSync(COMPILED_DIR, { recursive: true, force: true }); // no chunk of an earlier compile left behind
  await build({
    // Every output one folder below the root, like bench/ (root.ts relies on it).
    entryPoints: entries.map((entry) => ({ in: bench + entry, out: flat(entry) })),
    outdir: COMPILED_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    // package.json says "sideEffects": false for the library; bench modules do have some.
    ignoreAnnotations: true,
    logLevel: "warning",
  });
  const compiled: Record<string, string> = {};
  for (const entry of entries) compiled[entry] = `${COMPILED_DIR}${flat(entry)}.mjs`;
  return compiled;
}

/** `cold/process.ts` -> `cold-process`. */
const flat = (entry: string) => entry.replace(/\.ts$/, "").replaceAll("/", "-");
