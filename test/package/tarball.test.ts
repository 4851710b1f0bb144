/**
 * The tarball `npm pack` makes, as the registry would get it (npm test builds dist/ first;
 * the pack here skips the build): it ships the licence; arethetypeswrong finds every entry
 * point of `exports` typed, with no problem, in every resolution mode it checks (node10,
 * node16 from CommonJS and from ESM, bundler); publint finds nothing; and a TypeScript
 * project with `moduleResolution: "node10"` compiles an import of each of them.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { typesVersionsFor } from "../../scripts/types-versions";

const root = join(import.meta.dirname, "..", "..");
const work = join(root, "test", ".package");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, unknown>; typesVersions?: unknown };
const subpaths = Object.keys(manifest.exports);
let tarball = "";
let packed: { path: string }[] = [];

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const output = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], { cwd: root, encoding: "utf8" });
  const [result] = JSON.parse(output) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, result?.filename as string);
  packed = result?.files ?? [];
}, 60_000);

describe("the packed tarball", { timeout: 120_000 }, () => {
  it("ships LICENSE, the notices of the code it bundles, the README, the command and the precompiled OpenAPI schemas", () => {
    const paths = packed.map((file) => file.path);
    for (const path of ["LICENSE", "README.md", "package.json", "dist/THIRD-PARTY-NOTICES.txt", "dist/cli.js", "dist/validators/openapi-3.0.js", "dist/validators/openapi-3.1.js", "dist/validators/openapi-3.2.js"]) expect(paths).toContain(path);
    expect(readFileSync(join(root, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) 2026 Specloom contributors\n/);
  });

  it("has typesVersions derived from exports (`npm run types-versions` writes it)", () => {
    expect(manifest.typesVersions).toEqual(typesVersionsFor(manifest.exports as never));
  });

  it("passes arethetypeswrong: every exports entry typed in node10, node16 (CommonJS and ESM) and bundler, no problem", () => {
    const cli = join(root, "node_modules", "@arethetypeswrong", "cli", "dist", "index.js");
    let output: string;
    try {
      output = execFileSync(process.execPath, [cli, tarball, "--format", "json"], { encoding: "utf8" });
    } catch (error) {
      output = (error as { stdout: string }).stdout;
    }
    const { analysis } = JSON.parse(output) as { analysis: { problems: unknown[]; entrypoints: Record<string, { resolutions: Record<string, { resolution?: { fileName: string } }> }> } };
    expect(analysis.problems).toEqual([]);
    expect(Object.keys(analysis.entrypoints).sort()).toEqual([...subpaths].sort());
    for (const subpath of subpaths) {
      const modes = analysis.entrypoints[subpath]?.resolutions ?? {};
      expect(Object.keys(modes).sort(), subpath).toEqual(["bundler", "node10", "node16-cjs", "node16-esm"]);
      for (const [mode, { resolution }] of Object.entries(modes)) expect(resolution?.fileName, `${subpath} in ${mode}`).toBeDefined();
    }
  });

  it("passes publint, suggestions included", async () => {
    const buffer = readFileSync(tarball);
    const { messages, pkg } = await publint({ pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) }, level: "suggestion", strict: true });
    expect(messages.map((message) => formatMessage(message, pkg) ?? message.code)).toEqual([]);
  });

  it('compiles an import of every entry point in a TypeScript project with moduleResolution "node10"', () => {
    const project = join(work, "node10");
    mkdirSync(join(project, "node_modules", "specloom"), { recursive: true });
    execFileSync("tar", ["xzf", tarball, "--strip-components=1", "-C", join(project, "node_modules", "specloom")]);
    // Each entry point's namespace, used so an unresolved or untyped one is an error (TS2307, TS7016).
    const entries = subpaths.filter((subpath) => subpath !== "./package.json").map((subpath) => `specloom${subpath.slice(1)}`);
    const source = entries.map((name, index) => `import * as entry${index} from ${JSON.stringify(name)};\nexport const names${index}: string[] = Object.keys(entry${index});\n`).join("");
    const file = join(project, "index.ts");
    writeFileSync(file, source);
    // The dependencies' declarations come from the repository's node_modules, above this folder;
    // Node's own too, as in any Node project (specloom/node's types name node:http's).
    // esModuleInterop: Fastify's own types need it there (pino's default-import thread-stream's).
    const options: ts.CompilerOptions = { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, target: ts.ScriptTarget.ES2022, strict: true, esModuleInterop: true, noEmit: true, skipLibCheck: false, types: ["node"] };
    const program = ts.createProgram([file], options);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(diagnostics).toEqual([]);
  });
});
