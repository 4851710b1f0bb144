/** Real documents and small builders shared by the overlay tests. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { OpenAPIDocument } from "specloom";
import type { Overlay, OverlayAction } from "specloom/overlay";

const corpora = join(import.meta.dirname, "..", "corpora");

export const VERSIONS = ["1.0.0", "1.1.0"] as const;

/** A document of the OAI examples corpus (YAML), parsed fresh for each test. */
export function oaiExample(name: string): OpenAPIDocument {
  return parseYaml(readFileSync(join(corpora, "oai-examples", name), "utf8")) as OpenAPIDocument;
}

/** A document of the Twilio corpus (JSON), parsed fresh for each test. */
export function twilio(name: string): OpenAPIDocument {
  return JSON.parse(readFileSync(join(corpora, "twilio", name), "utf8")) as OpenAPIDocument;
}

/** An overlay of `version` with these actions; `extra` adds or overrides root fields. */
export function overlay(version: string, actions: unknown[], extra: Record<string, unknown> = {}): Overlay {
  return { overlay: version, info: { title: "Test overlay", version: "1.0.0" }, actions: actions as OverlayAction[], ...extra };
}

/** A JSON round trip: the plain data a document or overlay stands for. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The value at a path of keys, for reading results without casts at every step. */
export function at(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) current = (current as Record<string | number, unknown> | undefined)?.[key];
  return current;
}
