/**
 * Bundling a 500-file API with the built `specloom/node` (dist/node.js): `bundleFile()` on a
 * generated modular layout (100 path files, 300 schemas with references between them and
 * cycles, 50 parameters, 50 responses), against its floor, reading and parsing the same 501
 * files. Run alone, with the garbage collector exposed:
 *
 *   npm run build && node --expose-gc --import tsx bench/bundle.ts
 *
 * Prints the median, min and max of 5 runs after a warm-up, the bundled document's size, and
 * the process's RSS once its modules are loaded and at its peak. The result is checked untimed: valid OpenAPI, every
 * `$ref` local and resolving, every operation kept.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parse } from "yaml";
import type * as SpecloomNode from "specloom/node";
import { expectValid, operations } from "./checks";
import { collectGarbage, peakRssMB, rssMB, RUNS, stats, WARMUP } from "./harness";

const NODE_URL = new URL("../dist/node.js", import.meta.url);
const { bundleFile } = (await import(NODE_URL.href)) as typeof SpecloomNode;

const PATHS = 100;
const SCHEMAS = 300;
const PARAMETERS = 50;
const RESPONSES = 50;

/** The layout's files, by path relative to its folder. */
function layout(): Map<string, string> {
  const files = new Map<string, string>();
  const paths: string[] = [];
  for (let i = 0; i < PATHS; i++) {
    const schema = `../components/schemas/Schema${(i * 3) % SCHEMAS}.yaml`;
    paths.push(`  /resources${i}/{id}:\n    $ref: "paths/resource${i}_{id}.yaml"`);
    files.set(
      `paths/resource${i}_{id}.yaml`,
      [
        "parameters:",
        `  - $ref: ../components/parameters/Parameter${i % PARAMETERS}.yaml`,
        "get:",
        `  operationId: getResource${i}`,
        "  responses:",
        "    '200':",
        "      description: OK",
        "      content:",
        "        application/json:",
        "          schema:",
        `            $ref: ${schema}`,
        "    '404':",
        `      $ref: ../components/responses/Response${i % RESPONSES}.yaml`,
        "put:",
        `  operationId: putResource${i}`,
        "  requestBody:",
        "    content:",
        "      application/json:",
        "        schema:",
        `          $ref: ${schema}`,
        "  responses:",
        "    '204':",
        "      description: Saved",
        "",
      ].join("\n"),
    );
  }
  for (let i = 0; i < SCHEMAS; i++) {
    // Each schema refers to the next two: a chain through all 300, closed into a cycle.
    const next = (n: number) => `Schema${(i + n) % SCHEMAS}.yaml`;
    files.set(
      `components/schemas/Schema${i}.yaml`,
      `type: object\nrequired: [id]\nproperties:\n  id:\n    type: string\n  name:\n    type: string\n    maxLength: 200\n  next:\n    $ref: ${next(1)}\n  related:\n    type: array\n    items:\n      $ref: ${next(2)}\n  createdAt:\n    type: string\n    format: date-time\n`,
    );
  }
  for (let i = 0; i < PARAMETERS; i++) files.set(`components/parameters/Parameter${i}.yaml`, `name: id\nin: path\nrequired: true\ndescription: Parameter ${i}\nschema:\n  type: string\n`);
  for (let i = 0; i < RESPONSES; i++) {
    files.set(`components/responses/Response${i}.yaml`, `description: Not found (${i})\ncontent:\n  application/json:\n    schema:\n      $ref: ../schemas/Schema${i}.yaml\n`);
  }
  files.set("openapi.yaml", `openapi: 3.1.0\ninfo:\n  title: Five hundred files\n  version: 1.0.0\npaths:\n${paths.join("\n")}\n`);
  return files;
}

const baseRssMB = rssMB();
const folder = mkdtempSync(join(tmpdir(), "specloom-bench-bundle-"));
try {
  const files = layout();
  for (const [name, text] of files) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  const entry = join(folder, "openapi.yaml");
  const floor = async () => {
    for (const name of files.keys()) parse(await readFile(join(folder, name), "utf8"));
  };

  const samples = { floor: [] as number[], bundle: [] as number[] };
  let document: unknown;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    collectGarbage();
    let start = performance.now();
    await floor();
    const floorMs = performance.now() - start;
    collectGarbage();
    start = performance.now();
    document = await bundleFile(entry);
    const bundleMs = performance.now() - start;
    if (i >= WARMUP) {
      samples.floor.push(floorMs);
      samples.bundle.push(bundleMs);
    }
  }

  const jsonKB = JSON.stringify(document).length / 1024;

  await expectValid(document, "the bundled 500-file API");
  const kept = operations(document).length;
  if (kept !== PATHS * 2) throw new Error(`the bundle has ${kept} operations, expected ${PATHS * 2}`);
  const components = (document as { components: Record<string, object> }).components;

  const line = (name: string, values: number[]) => {
    const s = stats(values);
    return `  ${name.padEnd(34)} median ${s.median.toFixed(1).padStart(7)} ms   min ${s.min.toFixed(1).padStart(7)}   max ${s.max.toFixed(1).padStart(7)}`;
  };
  console.log(`bundling ${files.size} files (${PATHS} paths, ${SCHEMAS} schemas, ${PARAMETERS} parameters, ${RESPONSES} responses); Node ${process.version}`);
  console.log(line("floor: read and parse every file", samples.floor));
  console.log(line("bundleFile()", samples.bundle));
  console.log(`  ratio bundleFile() / floor: ${(stats(samples.bundle).median / stats(samples.floor).median).toFixed(2)} x`);
  console.log(`  the bundled document: ${jsonKB.toFixed(0)} kB as JSON; RSS ${baseRssMB.toFixed(0)} MB with the modules loaded, peak ${peakRssMB().toFixed(0)} MB`);
  console.log(`  checked: valid OpenAPI 3.1, every $ref local and resolving, ${kept} operations, ${Object.keys(components.schemas ?? {}).length} schemas, ${Object.keys(components.parameters ?? {}).length} parameters, ${Object.keys(components.responses ?? {}).length} responses`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
