/** A server in a test: on 127.0.0.1, an ephemeral port, closed when the file's tests end. */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll } from "vitest";

const closers: (() => Promise<unknown>)[] = [];
afterAll(() => Promise.all(closers.map((close) => close())));

/** The origin of a listening node:http server, closed after the file's tests. */
export async function origin(server: Server): Promise<string> {
  // Every connection closed too: a response that never ends would keep it open.
  closers.push(() => new Promise((resolve) => (server.close(resolve), server.closeAllConnections())));
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes `close` after the file's tests, for servers that close themselves (Fastify). */
export function closeAfterAll(close: () => Promise<unknown>): void {
  closers.push(close);
}
