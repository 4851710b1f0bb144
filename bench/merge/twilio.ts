/**
 * The 55 Twilio documents (`test/corpora/twilio`) and the
 * createMerge options that merge them (as test/merge/twilio.test.ts does): identical
 * components shared and different ones renamed, clashing operationIds renamed, each
 * product's paths under its host's name, per-path servers, per-operation security.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { MergeOptions, OpenAPIDocument } from "specloom";
import type { MergeInput } from "openapi-merge";
import { ROOT_URL } from "../root";

export const TWILIO_DIR = fileURLToPath(new URL("test/corpora/twilio/", ROOT_URL));

/** The documents, sorted by file name (base is twilio_accounts_v1.json). */
export function loadTwilio(): OpenAPIDocument[] {
  return readdirSync(TWILIO_DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(TWILIO_DIR + file, "utf8")) as OpenAPIDocument);
}

/** Each product under its host's name: https://chat.twilio.com/v2/... becomes /chat/v2/... */
export function hostPrefix(document: OpenAPIDocument): string {
  return "/" + new URL(document.servers?.[0]?.url ?? "").hostname.split(".")[0];
}

export const TWILIO_OPTIONS: MergeOptions = {
  components: "rename",
  operationIds: "rename",
  pathPrefix: hostPrefix,
  servers: "per-path",
  security: "per-operation",
};

/**
 * The closest openapi-merge configuration: the same path prefixes, and the prefix
 * createMerge gives a document (its title in PascalCase plus `_`, numbered on repeats) for
 * the components and operationIds it must rename. It has no per-path servers and no
 * per-operation security: it keeps the first document's servers and drops the others'.
 */
export function openapiMergeInputs(documents: readonly OpenAPIDocument[]): MergeInput {
  const used = new Set<string>();
  return documents.map((document) => {
    const stem = (document.info.title ?? "").split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
    let name = stem;
    for (let n = 2; used.has(name); n++) name = `${stem}${n}`;
    used.add(name);
    return { oas: document as never, pathModification: { prepend: hostPrefix(document) }, dispute: { prefix: `${name}_` } };
  });
}
