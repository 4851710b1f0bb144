/**
 * package.json `typesVersions`, derived from `exports`: TypeScript's `moduleResolution:
 * "node10"` (still common) ignores `exports`, so without it `specloom/plugins` and every
 * other subpath is "cannot find module". Each subpath export with type declarations gets
 * the declarations of its `require` condition (node10 resolves as `require` does), or of
 * `import` for an ESM-only entry point. The root entry point needs none: `types` covers it.
 *
 *   npm run types-versions            # rewrites package.json after `exports` changed
 *
 * test/package/tarball.test.ts fails while package.json differs from what this derives.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

type Target = string | { [condition: string]: Target };
export type TypesVersions = { "*": Record<string, [string]> };

/** The declarations a condition tree resolves to, `require` first, then `import`, then `types`. */
function declarations(target: Target | undefined): string | undefined {
  if (target === undefined || typeof target === "string") return typeof target === "string" && /\.d\.[cm]?ts$/.test(target) ? target : undefined;
  for (const condition of ["require", "import", "types"]) {
    const found = declarations(target[condition]);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function typesVersionsFor(exports: Record<string, Target>): TypesVersions {
  const paths: Record<string, [string]> = {};
  for (const [subpath, target] of Object.entries(exports)) {
    if (subpath === "." || !subpath.startsWith("./")) continue;
    const types = declarations(target);
    if (types !== undefined) paths[subpath.slice(2)] = [types];
  }
  return { "*": paths };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const file = join(import.meta.dirname, "..", "package.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { exports: Record<string, Target>; typesVersions?: TypesVersions };
  manifest.typesVersions = typesVersionsFor(manifest.exports);
  // As npm writes package.json: two spaces, a final newline.
  writeFileSync(`${file}.tmp`, JSON.stringify(manifest, null, 2) + "\n");
  renameSync(`${file}.tmp`, file);
}
