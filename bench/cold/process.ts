/**
 * One cold start, as a whole process (compiled to `.bench/cold-process.mjs`, run by
 * run.ts): import one tool, build the 20-operation CRUD API from fresh Zod schemas and
 * generate its document, then print the process's peak RSS. "zod" is the floor: Zod alone,
 * converting every schema the document needs with its own `toJSONSchema`.
 *
 * Usage: node .bench/cold-process.mjs <zod | specloom | zod-to-openapi | orpc | zod-openapi | hono-openapi>
 */
import type * as Specloom from "specloom";
import { ROOT_URL } from "../root";

const OPERATIONS = 20;
const tool = process.argv[2];

async function generate(): Promise<unknown> {
  switch (tool) {
    case "zod": {
      const [{ crudApi, vendorFloor }, { zodFactory }] = await Promise.all([import("../api/crud"), import("../api/zod")]);
      return vendorFloor(crudApi(zodFactory, OPERATIONS, "registered", 0).needs);
    }
    case "specloom": {
      const [{ openapi }, { crudApi }, { zodFactory }] = await Promise.all([
        import(new URL("dist/index.js", ROOT_URL).href) as Promise<typeof Specloom>,
        import("../api/crud"),
        import("../api/zod"),
      ]);
      return openapi(crudApi(zodFactory, OPERATIONS, "registered", 0).definition);
    }
    default: {
      const { loadPeer, PEERS } = await import("../api/peers");
      const peer = PEERS.find((p) => p === tool);
      if (!peer) throw new Error(`unknown tool ${tool}`);
      const { api, document } = await loadPeer(peer);
      return document(api(OPERATIONS, "registered", 0));
    }
  }
}

await generate();
process.stdout.write(JSON.stringify({ peakRssMB: process.resourceUsage().maxRSS / 1024 }));
