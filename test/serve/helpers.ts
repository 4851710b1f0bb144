/** What the serve tests share: the documents they serve, a server on a free port, the browser. */
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";
import { openapi, type OpenAPIDocument } from "specloom";
import { z } from "zod";
import { findChromium } from "../helpers/chromium";

const Pet = z.object({ id: z.number(), name: z.string() });

/** A pets API: four classic operations, and with `3.2.0` a QUERY and two additional operations too. */
export function petsDocument(version: "3.1.0" | "3.2.0"): OpenAPIDocument {
  const classic = {
    "GET /pets": { summary: "List pets", 200: z.array(Pet) },
    "POST /pets": { summary: "Add a pet", body: Pet, 201: Pet },
    "GET /pets/{petId}": { summary: "Read a pet", params: z.object({ petId: z.string() }), 200: Pet },
    "DELETE /pets/{petId}": { summary: "Remove a pet", params: z.object({ petId: z.string() }), 204: null },
  };
  const only32 = {
    "QUERY /pets": { summary: "Search pets", body: z.object({ name: z.string() }), 200: z.array(Pet) },
    "PURGE /cache": { summary: "Purge the cache", 204: null },
    "COPY /pets/{petId}": { summary: "Copy a pet", params: z.object({ petId: z.string() }), 201: Pet },
  };
  return openapi({ openapi: version, info: { title: `Pets ${version}`, version: "1" }, paths: version === "3.2.0" ? { ...classic, ...only32 } : classic });
}

/** "METHOD /path summary" for every operation of the document: what a page must show. */
export function operationLines(document: OpenAPIDocument): string[] {
  const lines: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const operations: [string, unknown][] = Object.entries(item as Record<string, unknown>).filter(([key]) => /^[a-z]+$/.test(key) && !["summary", "description", "servers", "parameters"].includes(key));
    for (const [method, operation] of Object.entries((item as { additionalOperations?: Record<string, unknown> }).additionalOperations ?? {})) operations.push([method, operation]);
    for (const [method, operation] of operations) lines.push(`${method.toUpperCase()} ${path} ${(operation as { summary: string }).summary}`);
  }
  return lines.sort();
}

/** Starts `server` on 127.0.0.1 and a free port; resolves to its origin. */
export async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** Headless Chromium, quiet: no background traffic that would count as a foreign request. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
