/**
 * The official OpenAPI schemas (3.0, 3.1, 3.2), compiled into validator code once, at build
 * time, so `specloom validate` and `generate`'s check do not compile them at every start
 * (compiling one costs more than the rest of a small run).
 *
 * The schemas, Ajv and its options are the ones @seriousme/openapi-schema-validator uses
 * when it compiles at run time (resolved from that package, so a version it pins is the one
 * used here): the same code, the same verdicts and errors. The output is Ajv's standalone
 * code, as CommonJS: it still `require`s Ajv's runtime helpers and ajv-formats' formats,
 * which tsup bundles into dist/validators/ (tsup.config.ts). The files written here are
 * build intermediates (git-ignored), never committed.
 *
 *   tsx scripts/openapi-validators.ts [folder]     # default: .build/validators
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

/** The OpenAPI versions `specloom validate` checks, as the validator names its schema folders. */
export const SCHEMA_VERSIONS = ["3.0", "3.1", "3.2"] as const;

interface Compiled {
  (data: unknown): boolean;
}
interface AjvInstance {
  addFormat(name: string, format: true): unknown;
  compile(schema: unknown): Compiled;
}
type AjvClass = new (options: Record<string, unknown>) => AjvInstance;

const fromValidator = createRequire(createRequire(import.meta.url).resolve("@seriousme/openapi-schema-validator"));
const defaultOf = <T>(module: T | { default: T }): T => (module as { default?: T }).default ?? (module as T);

/** Ajv's class for a schema's dialect, as the validator picks it. */
function ajvFor(dialect: string): AjvClass {
  if (dialect === "http://json-schema.org/draft-04/schema#") return defaultOf(fromValidator("ajv-draft-04") as AjvClass);
  if (dialect === "https://json-schema.org/draft/2020-12/schema") return defaultOf(fromValidator("ajv/dist/2020.js") as AjvClass);
  throw new Error(`no Ajv class for the schema dialect ${dialect}`);
}

/** The standalone validator code of one OpenAPI version's schema. */
export function validatorSource(version: (typeof SCHEMA_VERSIONS)[number]): string {
  const schemaFile = join(dirname(fromValidator.resolve("@seriousme/openapi-schema-validator")), "schemas", `v${version}`, "schema.json");
  const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as { $schema: string };
  const Ajv = ajvFor(schema.$schema);
  // The options `new Validator({ allErrors: true })` gives Ajv (strict off, as it sets it),
  // plus `code.source`, which standalone code needs and which does not change the checks.
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
  defaultOf(fromValidator("ajv-formats") as (ajv: AjvInstance) => void)(ajv);
  ajv.addFormat("media-range", true);
  const standalone = defaultOf(fromValidator("ajv/dist/standalone") as (ajv: AjvInstance, validate: Compiled) => string);
  return standalone(ajv, ajv.compile(schema));
}

/** Writes one file per version into `folder`, each whole or not at all. */
export function writeValidatorSources(folder: string): string[] {
  mkdirSync(folder, { recursive: true });
  return SCHEMA_VERSIONS.map((version) => {
    const file = join(folder, `openapi-${version}.cjs`);
    writeFileSync(`${file}.tmp`, validatorSource(version));
    renameSync(`${file}.tmp`, file);
    return file;
  });
}

/** The licences of what the build bundles: the validator's schemas and `$ref` check, Ajv's runtime parts. */
const BUNDLED = [
  ["@seriousme/openapi-schema-validator", "its OpenAPI schemas (compiled into dist/validators/) and its $ref check (in dist/cli.js)", "LICENSE.txt"],
  ["ajv", "the standalone code it generates and its runtime helpers (dist/validators/)", "LICENSE"],
  ["ajv-formats", "its format checks (dist/validators/)", "LICENSE"],
  ["fast-deep-equal", "through Ajv's runtime (dist/validators/)", "LICENSE"],
] as const;

/** dist/THIRD-PARTY-NOTICES.txt: each bundled package's licence; the OpenAPI schemas are the OAI's, under Apache 2.0. */
export function writeNotices(file: string): void {
  const parts = BUNDLED.map(([name, what, licence]) => {
    const folder = dirname(fromValidator.resolve(`${name}/package.json`));
    const version = (JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { version: string }).version;
    return `${name} ${version}: ${what}\n\n${readFileSync(join(folder, licence), "utf8").trim()}\n`;
  });
  const oai =
    "The OpenAPI Specification's JSON schemas (3.0, 3.1, 3.2), as the validator above adapts them: Copyright The Linux Foundation, " +
    "the OpenAPI Initiative, licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0).\n";
  const header = "Specloom's dist/ bundles code from these packages, under these licences.\n";
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, [header, ...parts, oai].join("\n" + "-".repeat(78) + "\n\n"));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeValidatorSources(resolve(process.argv[2] ?? ".build/validators"));
  // tsup does not clean dist/, so the notices stay beside what it writes.
  writeNotices(resolve("dist", "THIRD-PARTY-NOTICES.txt"));
}
