/**
 * The ignore file of `specloom diff --ignore`: one change to leave out per line, its id and
 * then, optionally, the operation (`GET /users/{id}`) or a JSON pointer (`/components/...`):
 *
 *   # the old beta endpoint goes, on purpose
 *   api-removed-without-deprecation GET /beta/reports
 *   response-property-enum-value-added /components/schemas/Status
 */
import { DIFF_CHECKS, type DiffIgnore } from "specloom";
import { CliError } from "./errors";
import { readText, type Source } from "./sources";

export async function readIgnoreFile(source: Source): Promise<DiffIgnore[]> {
  return parseIgnore(await readText(source), source.label);
}

const IDS: ReadonlySet<string> = new Set(DIFF_CHECKS.map((check) => check.id));

export function parseIgnore(text: string, label: string): DiffIgnore[] {
  const rules: DiffIgnore[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const [id = "", ...rest] = line.split(/\s+/);
    if (!IDS.has(id)) throw new CliError(`${label}:${index + 1}: ${JSON.stringify(id)} is not an id specloom diff reports (docs/diff.md lists them)`);
    const qualifier = rest.join(" ");
    if (qualifier === "") rules.push({ id });
    else if (qualifier.startsWith("/")) rules.push({ id, location: qualifier });
    else rules.push({ id, operation: qualifier });
  });
  return rules;
}
