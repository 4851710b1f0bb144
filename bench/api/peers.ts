/**
 * The generators a user would pick instead of `openapi()`, each building the same CRUD
 * document from the same Zod schemas (zod.ts): what is built untimed (`api`) and what is
 * timed (`document`, awaited when the tool is asynchronous). Each module is imported only by
 * the worker that measures it, so no worker pays for another tool's import.
 */
import type { Variant } from "./crud";

export type Peer = "zod-to-openapi" | "orpc" | "zod-openapi" | "hono-openapi";
export const PEERS: readonly Peer[] = ["zod-to-openapi", "orpc", "zod-openapi", "hono-openapi"];

export const PEER_NAMES: Record<Peer, string> = {
  "zod-to-openapi": "@asteasolutions/zod-to-openapi",
  orpc: "oRPC OpenAPIGenerator",
  "zod-openapi": "zod-openapi createDocument",
  "hono-openapi": "hono-openapi generateSpecs",
};

export interface PeerTool {
  api(operations: number, variant: Variant, build: number): unknown;
  document(api: unknown): unknown;
}

export async function loadPeer(peer: Peer): Promise<PeerTool> {
  switch (peer) {
    case "zod-to-openapi": {
      const m = await import("./zod-to-openapi");
      return { api: m.zodToOpenAPIApi, document: (api) => m.zodToOpenAPIDocument(api as ReturnType<typeof m.zodToOpenAPIApi>) };
    }
    case "orpc": {
      const m = await import("./orpc");
      return { api: m.orpcApi, document: (api) => m.orpcDocument(api as ReturnType<typeof m.orpcApi>) };
    }
    case "zod-openapi": {
      const m = await import("./zod-openapi");
      return { api: m.zodOpenAPIApi, document: (api) => m.zodOpenAPIDocument(api as ReturnType<typeof m.zodOpenAPIApi>) };
    }
    case "hono-openapi": {
      const m = await import("./hono-openapi");
      return { api: m.honoOpenAPIApi, document: (api) => m.honoOpenAPIDocument(api as ReturnType<typeof m.honoOpenAPIApi>) };
    }
  }
}
