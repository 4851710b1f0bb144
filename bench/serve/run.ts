/**
 * The serve scenario: requests per second for `/docs/openapi.json` of the merged Twilio
 * document, each server in its own process (server.ts) and the load from this one: a 200
 * without compression, a 200 with gzip, and a 304 (If-None-Match with the ETag of the gzip
 * answer). Rounds alternate the servers; the median of the rounds is reported.
 */
import { medianOf, startServer, stopServer } from "./processes";
import { load } from "./load";

export const SERVE_KINDS = ["specloom", "stringify", "fastify-swagger"] as const;
type Kind = (typeof SERVE_KINDS)[number];

export interface ServeRow {
  server: Kind;
  request: string;
  requestsPerSecond: number;
  min: number;
  max: number;
  bytes: number;
}

const ROUNDS = 3;
const SECONDS = 2;

async function etagOf(url: string): Promise<string> {
  const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  await response.arrayBuffer();
  return response.headers.get("etag") ?? "";
}

export async function serveRequestsPerSecond(compiled: string, root: string): Promise<ServeRow[]> {
  const samples = new Map<string, { kind: Kind; request: string; values: number[]; bytes: number }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of SERVE_KINDS) {
      const { child, origin } = await startServer(compiled, root, kind);
      try {
        const url = `${origin}/docs/openapi.json`;
        const requests: [string, Record<string, string>][] = [["200", {}]];
        // @fastify/swagger's route neither compresses nor sends an ETag: only the plain 200 compares.
        if (kind !== "fastify-swagger") requests.push(["200 gzip", { "accept-encoding": "gzip" }], ["304", { "accept-encoding": "gzip", "if-none-match": await etagOf(url) }]);
        for (const [name, headers] of requests) {
          await load(url, headers, 0.5); // warm-up: JIT, and the handler's one-time work
          const result = await load(url, headers, SECONDS);
          if (result.status !== Number(name.slice(0, 3))) throw new Error(`${kind} ${name}: status ${result.status}`);
          const key = `${kind} ${name}`;
          const entry = samples.get(key) ?? { kind, request: name, values: [], bytes: result.bytes };
          entry.values.push(result.requestsPerSecond);
          samples.set(key, entry);
        }
      } finally {
        stopServer(child);
      }
    }
  }
  return [...samples.values()].map(({ kind, request, values, bytes }) => {
    const { median, min, max } = medianOf(values);
    return { server: kind, request, requestsPerSecond: median, min, max, bytes };
  });
}

export function renderServe(rows: readonly ServeRow[]): string {
  const lines = ["serve: /docs/openapi.json of the merged Twilio document, requests per second (median of 3 rounds of 2 s, 8 keep-alive connections)", "", "| request | server | req/s (min-max) | bytes per answer | vs stringify |", "|---|---|---|---|---|"];
  for (const row of rows) {
    const floor = rows.find((other) => other.server === "stringify" && other.request === row.request);
    const ratio = floor ? `${(row.requestsPerSecond / floor.requestsPerSecond).toFixed(1)} x` : "";
    lines.push(`| ${row.request} | ${row.server} | ${Math.round(row.requestsPerSecond)} (${Math.round(row.min)}-${Math.round(row.max)}) | ${row.bytes} | ${ratio} |`);
  }
  return lines.join("\n");
}
