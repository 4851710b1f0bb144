/**
 * The sizes the docs quote (packed, unpacked, installed), measured, never typed by hand.
 * Each figure sits in the Markdown between `<!-- size:KEY -->` and `<!-- /size -->` (the
 * marker mechanism of ./markers.ts, which the measured times of ./figures.ts share);
 * `npm run sizes` measures and rewrites them in README.md and docs/, and
 * test/package/sizes.test.ts fails while a page disagrees with what this measures.
 *
 * Packed and unpacked: `npm pack` of the built package (dist/ must be built). Installed:
 * the package plus every package it depends on at the versions package-lock.json pins (the
 * lockfile's non-dev entries), each measured in this checkout's node_modules as the bytes
 * of its files; `swagger-ui-dist`, the optional peer dependency of `preview`, apart.
 * 1 kB = 10³ bytes, 1 MB = 10⁶ bytes.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { rewritePages, withMarkers } from "./markers";

export { pages } from "./markers";

const root = join(import.meta.dirname, "..");

interface Packed {
  size: number;
  unpackedSize: number;
  entryCount: number;
}

function pack(): Packed {
  const folder = mkdtempSync(join(tmpdir(), "specloom-sizes-"));
  try {
    const output = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", folder], { cwd: root, encoding: "utf8" });
    return (JSON.parse(output) as Packed[])[0] as Packed;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The bytes of a package's files, leaving out its nested node_modules (entries of their own). */
function packageBytes(folder: string): number {
  let total = 0;
  const stack = [folder];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") stack.push(path);
      } else total += lstatSync(path).size;
    }
  }
  return total;
}

/** The lockfile's installed packages outside devDependencies: what `npm install specloom` adds. */
function runtimePackages(): { name: string; bytes: number }[] {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && entry.dev !== true)
    .map(([path]) => ({ name: path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length), bytes: packageBytes(join(root, path)) }));
}

export function formatBytes(bytes: number): string {
  return bytes < 1e6 ? `${Math.round(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/** Every figure the docs may quote, by key. */
export function measureSizes(): Record<string, string> {
  const packed = pack();
  const dependencies = runtimePackages().sort((a, b) => b.bytes - a.bytes);
  const installed = packed.unpackedSize + dependencies.reduce((sum, { bytes }) => sum + bytes, 0);
  const swagger = packageBytes(join(root, "node_modules", "swagger-ui-dist"));
  const swaggerVersion = (JSON.parse(readFileSync(join(root, "node_modules", "swagger-ui-dist", "package.json"), "utf8")) as { version: string }).version;
  return {
    packed: formatBytes(packed.size),
    unpacked: formatBytes(packed.unpackedSize),
    files: String(packed.entryCount),
    installed: `${formatBytes(installed)} in ${dependencies.length + 1} packages`,
    dependencies: dependencies.map(({ name, bytes }) => `\`${name}\` ${formatBytes(bytes)}`).join(", "),
    "with-swagger-ui": `${formatBytes(installed + swagger)} in ${dependencies.length + 2} packages`,
    "swagger-ui": `\`swagger-ui-dist\` ${swaggerVersion.split(".").slice(0, 2).join(".")} is ${formatBytes(swagger)}`,
  };
}

/** The page with every marked size replaced by its measured value; an unknown key throws. */
export function withSizes(markdown: string, sizes: Record<string, string>): string {
  return withMarkers(markdown, "size", sizes);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const sizes = measureSizes();
  for (const page of rewritePages((markdown) => withSizes(markdown, sizes))) console.log(`updated ${page}`);
  console.log(sizes);
}
