/**
 * Where the time goes: runs one subject under `node --cpu-prof` and summarises the
 * .cpuprofile by self time per function, counting only samples taken inside the subject's
 * call, so building inputs does not show. Functions of the built package are mapped back
 * to their source file by the `// src/...` comments esbuild leaves in the bundle.
 *
 *   npx tsx bench/profile.ts generation zod [operations=1000] [registered|inline]
 *   npx tsx bench/profile.ts second zod [operations=1000]     (a second openapi() on the same schemas)
 *   npx tsx bench/profile.ts merge plain|frozen [documents=1000]
 *   npx tsx bench/profile.ts twilio
 *   npx tsx bench/profile.ts bounds zod [operations=1000] [registered|inline]
 *
 * `bounds` profiles nothing: it times, on fresh schemas each run, the vendor floor, the floor
 * plus one deep copy of every answer (what owning the answers costs at least: Specloom
 * must not freeze or keep the library's objects), and that plus freezing the copies
 * (the document is deeply frozen), next to openapi(): the part of openapi() above the
 * second line is the work of building the document itself.
 *
 * Needs a build (`npm run build`). Not part of `npm run bench`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = 5;
const here = fileURLToPath(import.meta.url);
const distUrl = new URL("../dist/", import.meta.url).href;
const root = fileURLToPath(new URL("../", import.meta.url));
const args = process.argv.slice(2);

if (args[0] === "--child") await (args[1] === "bounds" ? bounds(args.slice(2)) : child(args.slice(1)));
else parent(args);

/** Median of 5 runs after a warm-up of: the floor, floor + copy, floor + copy + freeze, openapi(). */
async function bounds([library, count, variant]: string[]): Promise<void> {
  const { openapi } = await import("./specloom");
  const { crudApi, TARGET } = await import("./api/crud");
  const { loadFactory } = await import("./scenarios/generation");
  const { stats, timed } = await import("./harness");
  const factory = await loadFactory((library ?? "zod") as "zod");
  const size = Number(count ?? 1000);
  let build = 0;
  const fresh = () => crudApi(factory, size, (variant ?? "registered") as "registered", build++);
  const each = (needs: ReturnType<typeof fresh>["needs"], after: (json: unknown) => unknown) => {
    for (const [schema, sides] of needs) for (const side of sides) after(schema["~standard"].jsonSchema[side]({ target: TARGET }));
  };
  const copy = (json: unknown) => JSON.parse(JSON.stringify(json)) as unknown;
  const freeze = (value: unknown): unknown => {
    if (value !== null && typeof value === "object") {
      for (const child of Object.values(value)) freeze(child);
      Object.freeze(value);
    }
    return value;
  };
  type Api = ReturnType<typeof fresh>;
  const subjects: [string, (api: Api) => void][] = [
    ["vendor floor", (api) => each(api.needs, (json) => json)],
    ["floor + deep copy of each answer", (api) => each(api.needs, copy)],
    ["floor + copy + freeze", (api) => each(api.needs, (json) => freeze(copy(json)))],
    ["openapi()", (api) => void openapi(api.definition)],
  ];
  const samples = new Map<string, number[]>(subjects.map(([name]) => [name, []]));
  for (let i = 0; i < 6; i++) {
    for (const [name, run] of subjects) {
      const api = fresh();
      const { ms } = timed(() => run(api));
      if (i > 0) samples.get(name)?.push(ms);
    }
  }
  const floor = stats(samples.get("vendor floor") ?? []).median;
  for (const [name, list] of samples) {
    const s = stats(list);
    console.log(`${name.padEnd(34)} ${s.median.toFixed(1).padStart(9)} ms  ${(s.median / floor).toFixed(2)} x floor`);
  }
}

/** The profiled process: warms up once, then runs the subject RUNS times on fresh inputs. */
async function child([kind, what, count, variant]: string[]): Promise<void> {
  const { openapi, createMerge, merge } = await import("./specloom");
  let run: () => void;
  if (kind === "generation" || kind === "second") {
    const { crudApi } = await import("./api/crud");
    const { loadFactory } = await import("./scenarios/generation");
    const factory = await loadFactory((what ?? "zod") as "zod");
    let build = 0;
    run = () => {
      const definition = crudApi(factory, Number(count ?? 1000), (variant ?? "registered") as "registered", build++).definition;
      if (kind === "second") openapi(definition);
      // A major collection, not gc(): that one also drops compiled code (harness.ts).
      (globalThis as { gc?: (options: { type: "major" }) => void }).gc?.({ type: "major" });
      profiled(() => openapi(definition));
    };
  } else if (kind === "merge") {
    const { plainDocuments, producedDocuments } = await import("./merge/documents");
    const n = Number(count ?? 1000);
    const documents = what === "frozen" ? producedDocuments(0, n) : plainDocuments(0, n);
    const [base, ...sources] = documents as [never, ...never[]];
    run = () => profiled(() => merge(base, ...sources));
  } else if (kind === "twilio") {
    const { loadTwilio, TWILIO_OPTIONS } = await import("./merge/twilio");
    const [base, ...sources] = loadTwilio() as [never, ...never[]];
    const twilio = createMerge(TWILIO_OPTIONS);
    run = () => profiled(() => twilio(base, ...sources));
  } else {
    throw new Error(`unknown scenario ${kind}`);
  }
  for (let i = 0; i <= RUNS; i++) run();
}

/** A named frame around the subject, so the summary can find its samples. */
function profiled(fn: () => unknown): void {
  fn();
}

function parent(argv: string[]): void {
  if (argv.length === 0) {
    console.log("usage: npx tsx bench/profile.ts generation|second <zod|arktype|valibot> [operations] [variant] | merge <plain|frozen> [documents] | twilio");
    process.exit(2);
  }
  if (argv[0] === "bounds") {
    const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", here, "--child", ...argv], { stdio: "inherit", cwd: root });
    process.exit(result.status ?? 1);
  }
  const dir = mkdtempSync(join(tmpdir(), "specloom-profile-"));
  const result = spawnSync(process.execPath, ["--expose-gc", "--cpu-prof", `--cpu-prof-dir=${dir}`, "--import", "tsx", here, "--child", ...argv], { stdio: "inherit", cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // One profile per thread (tsx's loader runs in a thread of its own): the main thread's is
  // the one whose samples include the subject's frame.
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).map((f) => join(dir, f));
  const profiles = files.map((file) => ({ file, profile: JSON.parse(readFileSync(file, "utf8")) as Profile }));
  const main = profiles.find(({ profile }) => profile.nodes.some((node) => node.callFrame.functionName === "profiled"));
  if (!main) throw new Error("no profile of the subject written");
  console.log(`profile: ${main.file}\n`);
  console.log(summarise(main.profile, 30));
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function inside `profiled()` calls, with the source file each comes from. */
export function summarise(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inside = new Map<number, boolean>();
  const isInside = (id: number): boolean => {
    const known = inside.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id) as ProfileNode;
    const parentId = parentOf.get(id);
    const value = node.callFrame.functionName === "profiled" || (parentId !== undefined && isInside(parentId));
    inside.set(id, value);
    return value;
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const sources = sourceIndex();
  const perFunction = new Map<string, number>();
  const perFile = new Map<string, number>();
  let total = 0;
  let gc = 0;
  for (const [id, ms] of self) {
    if ((byId.get(id) as ProfileNode).callFrame.functionName === "(garbage collector)") gc += ms;
    if (!isInside(id)) continue;
    const frame = (byId.get(id) as ProfileNode).callFrame;
    if (frame.functionName === "profiled") continue;
    total += ms;
    const name = frame.functionName || "(anonymous)";
    const ours = frame.url.startsWith(distUrl);
    const file = ours ? sources(frame.url, frame.lineNumber) : frame.url === "" ? "(native / GC)" : shorten(frame.url);
    const key = `${name}  ${file}${ours || frame.url === "" ? "" : `:${frame.lineNumber + 1}`}`;
    perFunction.set(key, (perFunction.get(key) ?? 0) + ms);
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
  }
  const lines = [
    `${total.toFixed(0)} ms of samples inside the subject (${RUNS + 1} calls); the garbage collector, which a profile does not attribute, took ${gc.toFixed(0)} ms in the whole process`,
    "",
    "self time by function:",
  ];
  for (const [key, ms] of [...perFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`);
  lines.push("", "self time by file:");
  for (const [file, ms] of [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${file}`);
  return lines.join("\n");
}

function shorten(url: string): string {
  const path = url.startsWith("file://") ? fileURLToPath(url) : url;
  const at = path.indexOf("node_modules/");
  return at >= 0 ? path.slice(at + "node_modules/".length) : relative(root, path);
}

/**
 * The bundle keeps esbuild's `// src/<file>.ts` comment before each module's code, so a
 * line of dist/*.js belongs to the last such comment above it.
 */
function sourceIndex(): (url: string, line: number) => string {
  const regions = new Map<string, { line: number; file: string }[]>();
  return (url, line) => {
    let list = regions.get(url);
    if (!list) {
      list = [];
      readFileSync(fileURLToPath(url), "utf8")
        .split("\n")
        .forEach((text, index) => {
          const match = /^\/\/ (src\/.+\.ts)$/.exec(text);
          if (match) list?.push({ line: index, file: match[1] as string });
        });
      regions.set(url, list);
    }
    let file = "dist (before any module)";
    for (const region of list) {
      if (region.line > line) break;
      file = region.file;
    }
    return file;
  };
}
