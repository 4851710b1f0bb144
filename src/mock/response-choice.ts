/**
 * Which declared response the mock answers with, as Prism chooses: the lowest 2XX status
 * (an exact code before a `2XX` range), else `default` (as 200), else the lowest status
 * declared; `Prefer: code=N` picks N's response, its `NXX` range, or `default` sent as N.
 */
import { getOwn, isObject, type JsonObject } from "../internal/own";
import type { Resolve } from "../http/json-schema";

export interface ChosenResponse {
  readonly status: number;
  /** The key in `responses`: `200`, `2XX` or `default`. */
  readonly key: string;
  readonly response: JsonObject;
}

/** A key's status: `404` is 404, `4XX` stands for 400. */
function statusOf(key: string): number | undefined {
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  if (/^[1-5]XX$/i.test(key)) return Number(key[0]) * 100;
  return undefined;
}

function rank(key: string): number {
  const status = statusOf(key) as number;
  // An exact code before the range it falls in: 200 < 201 < 2XX.
  return /XX$/i.test(key) ? status + 99.5 : status;
}

export function chooseResponse(responses: unknown, code: number | undefined, resolve: Resolve): ChosenResponse | { readonly missing: string } {
  const map = isObject(responses) ? responses : {};
  const keys = Object.keys(map);
  const found = (key: string, status: number): ChosenResponse | { missing: string } => {
    const response = resolve(getOwn(map, key));
    return response === undefined ? { missing: `the response ${key} is a $ref that points nowhere` } : { status, key, response };
  };
  if (code !== undefined) {
    const exact = keys.find((key) => key === String(code));
    if (exact !== undefined) return found(exact, code);
    const range = keys.find((key) => key.toUpperCase() === `${String(code)[0]}XX`);
    if (range !== undefined) return found(range, code);
    if (keys.includes("default")) return found("default", code);
    return { missing: `the operation declares no ${code} response (it declares ${keys.join(", ") || "none"})` };
  }
  const statuses = keys.filter((key) => statusOf(key) !== undefined).sort((a, b) => rank(a) - rank(b));
  const success = statuses.find((key) => (statusOf(key) as number) >= 200 && (statusOf(key) as number) < 300);
  if (success !== undefined) return found(success, statusOf(success) as number);
  if (keys.includes("default")) return found("default", 200);
  const first = statuses[0];
  return first === undefined ? { missing: "the operation declares no response" } : found(first, statusOf(first) as number);
}
