/**
 * The mock scenario: requests per second of `mockHandler` against Prism's server on the
 * same document (the OAI's petstore-expanded.yaml), each server in its own process
 * (server.ts), the load from this one (../serve/load.ts): a GET answered from the schema
 * (the same value every time), the same with `Prefer: dynamic=true` (a new value each
 * time), a valid POST (body validated, answer generated), an invalid POST (refused). Rounds
 * alternate the servers; the median of the rounds is reported, with a floor: node:http
 * sending one fixed body.
 */
import { medianOf, startServer, stopServer } from "../serve/processes";
import { load, type Sent } from "../serve/load";

export const MOCK_KINDS = ["specloom", "prism", "floor"] as const;
type Kind = (typeof MOCK_KINDS)[number];

interface MockRequest {
  readonly name: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly sent?: Sent;
  /** The status each server answers with (Prism refuses an invalid body with 422, specloom with 400). */
  readonly status: Readonly<Record<Kind, number>>;
}

const JSON_TYPE = { "content-type": "application/json" };
const REQUESTS: readonly MockRequest[] = [
  { name: "GET /pets, from the schema", path: "/pets", headers: {}, status: { specloom: 200, prism: 200, floor: 200 } },
  { name: "GET /pets, Prefer: dynamic=true", path: "/pets", headers: { prefer: "dynamic=true" }, status: { specloom: 200, prism: 200, floor: 200 } },
  { name: "POST /pets, valid body", path: "/pets", headers: JSON_TYPE, sent: { method: "POST", body: JSON.stringify({ name: "Rex", tag: "dog" }) }, status: { specloom: 200, prism: 200, floor: 200 } },
  { name: "POST /pets, invalid body", path: "/pets", headers: JSON_TYPE, sent: { method: "POST", body: JSON.stringify({ tag: 7 }) }, status: { specloom: 400, prism: 422, floor: 200 } },
];

export interface MockRow {
  server: Kind;
  request: string;
  requestsPerSecond: number;
  min: number;
  max: number;
}

const ROUNDS = 3;
const SECONDS = 2;

export async function mockRequestsPerSecond(compiled: string, root: string): Promise<MockRow[]> {
  const samples = new Map<string, { kind: Kind; request: string; values: number[] }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of MOCK_KINDS) {
      const { child, origin } = await startServer(compiled, root, kind);
      try {
        for (const request of kind === "floor" ? REQUESTS.slice(0, 1) : REQUESTS) {
          await load(`${origin}${request.path}`, request.headers, 0.5, 8, request.sent); // warm-up: JIT, and the first answers' one-time work
          const result = await load(`${origin}${request.path}`, request.headers, SECONDS, 8, request.sent);
          if (result.status !== request.status[kind]) throw new Error(`${kind} ${request.name}: status ${result.status}`);
          const key = `${kind} ${request.name}`;
          const entry = samples.get(key) ?? { kind, request: kind === "floor" ? "a fixed body" : request.name, values: [] };
          entry.values.push(result.requestsPerSecond);
          samples.set(key, entry);
        }
      } finally {
        stopServer(child);
      }
    }
  }
  return [...samples.values()].map(({ kind, request, values }) => {
    const { median, min, max } = medianOf(values);
    return { server: kind, request, requestsPerSecond: median, min, max };
  });
}

export function renderMock(rows: readonly MockRow[]): string {
  const lines = ["mock: the OAI's petstore-expanded.yaml, requests per second (median of 3 rounds of 2 s, 8 keep-alive connections)", "", "| request | server | req/s (min-max) | specloom / Prism |", "|---|---|---|---|"];
  for (const row of rows) {
    const prism = rows.find((other) => other.server === "prism" && other.request === row.request);
    const ratio = row.server === "specloom" && prism ? `${(row.requestsPerSecond / prism.requestsPerSecond).toFixed(1)} x` : "";
    lines.push(`| ${row.request} | ${row.server} | ${Math.round(row.requestsPerSecond)} (${Math.round(row.min)}-${Math.round(row.max)}) | ${ratio} |`);
  }
  return lines.join("\n");
}
