/**
 * diff()'s options, checked once before anything is compared: a mistake is a SpecloomError
 * naming the option (`diff(options.ignore[2].id)`), never a TypeError from deep inside or an
 * ignore rule that silently matches nothing. Each option is read once.
 */
import { SpecloomError, describeValue } from "../errors";
import { getOwn, isObject } from "../internal/own";
import { DIFF_IDS } from "./levels";
import type { DiffIgnore } from "./types";

export interface CheckedOptions {
  /** `YYYY-MM-DD`. */
  readonly today: string;
  readonly ignore: readonly DiffIgnore[];
}

const KNOWN = ["today", "ignore"];
const RULE_KEYS = ["id", "operation", "location"];

const fail = (where: string, detail: string) => new SpecloomError("INVALID_DEFINITION", `diff(${where})`, detail);

export function checkOptions(options: unknown): CheckedOptions {
  if (options === undefined) return { today: todayOf(undefined), ignore: [] };
  if (!isObject(options)) throw fail("options", `expected { today?, ignore? }, found ${describeValue(options)}`);
  for (const key of Object.keys(options)) if (!KNOWN.includes(key)) throw fail(`options.${key}`, "unknown option (expected today or ignore)");
  return { today: todayOf(getOwn(options, "today")), ignore: rulesOf(getOwn(options, "ignore")) };
}

function todayOf(today: unknown): string {
  if (today === undefined) return new Date().toISOString().slice(0, 10);
  const expected = 'expected a date such as "2026-01-31" or a Date';
  if (today instanceof Date) {
    if (Number.isNaN(today.getTime())) throw fail("options.today", `${expected}, found an invalid Date`);
    return today.toISOString().slice(0, 10);
  }
  if (typeof today !== "string") throw fail("options.today", `${expected}, found ${describeValue(today)}`);
  const time = Date.parse(today);
  if (Number.isNaN(time)) throw fail("options.today", `${expected}, found ${describeValue(today)}`);
  return new Date(time).toISOString().slice(0, 10);
}

function rulesOf(ignore: unknown): DiffIgnore[] {
  if (ignore === undefined) return [];
  if (!Array.isArray(ignore)) throw fail("options.ignore", `expected a list of { id, operation?, location? }, found ${describeValue(ignore)}`);
  const rules: DiffIgnore[] = [];
  for (let i = 0; i < ignore.length; i++) rules.push(ruleOf(ignore[i], `options.ignore[${i}]`));
  return rules;
}

function ruleOf(entry: unknown, where: string): DiffIgnore {
  if (!isObject(entry)) throw fail(where, `expected { id, operation?, location? }, found ${describeValue(entry)}`);
  for (const key of Object.keys(entry)) if (!RULE_KEYS.includes(key)) throw fail(`${where}.${key}`, "unknown key (expected id, operation or location)");
  const [id, operation, location] = RULE_KEYS.map((key) => getOwn(entry, key));
  if (typeof id !== "string") throw fail(`${where}.id`, `expected an id diff reports, such as "request-parameter-removed", found ${describeValue(id)}`);
  if (!DIFF_IDS.has(id)) throw fail(`${where}.id`, `${JSON.stringify(id)} is not an id diff reports (DIFF_CHECKS lists them)`);
  if (operation !== undefined && typeof operation !== "string") throw fail(`${where}.operation`, `expected an operation such as "GET /pets", found ${describeValue(operation)}`);
  if (location !== undefined && (typeof location !== "string" || (location !== "" && !location.startsWith("/")))) {
    throw fail(`${where}.location`, `expected a JSON pointer such as "/components/schemas/Pet", found ${describeValue(location)}`);
  }
  return { id, ...(operation === undefined ? {} : { operation }), ...(location === undefined ? {} : { location }) };
}
