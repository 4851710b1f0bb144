/**
 * A small HTTP load: `connections` keep-alive connections, each sending the next request
 * as soon as the last answer was read whole, for `seconds`; requests per second.
 */
import { Agent, request } from "node:http";

export interface LoadResult {
  requestsPerSecond: number;
  /** Bytes per answer as sent (compressed when compressed). */
  bytes: number;
  status: number;
}

/** A request other than GET: its method and body. */
export interface Sent {
  method: string;
  body: string;
}

function once(agent: Agent, url: string, headers: Record<string, string>, sent?: Sent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent, headers, method: sent?.method ?? "GET" }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(sent?.body);
  });
}

export async function load(url: string, headers: Record<string, string>, seconds: number, connections = 8, sent?: Sent): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + seconds * 1000;
  let count = 0;
  let last = { status: 0, bytes: 0 };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        last = await once(agent, url, headers, sent);
        count++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requestsPerSecond: count / elapsed, bytes: last.bytes, status: last.status };
}
