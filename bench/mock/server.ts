/**
 * One server of the mock scenario, in its own process, mocking the OAI's
 * petstore-expanded.yaml, by `process.argv[2]`:
 *   specloom   mockHandler (dist/mock.js) through nodeHandler (dist/node.js) on node:http
 *   prism      Prism 5.14.2's HTTP server (@stoplight/prism-http-server), configured as its
 *              `prism mock` command configures it, with its logger silent
 *   floor      node:http answering every request with one fixed JSON body: no routing,
 *              no validation, no generation
 * Sends its port to the parent, then serves until killed.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "yaml";
import type * as Mock from "specloom/mock";
import type * as Node from "specloom/node";
import { ROOT_URL } from "../root";

export const MOCKED_DOCUMENT = "test/corpora/oai-examples/petstore-expanded.yaml";
const kind = process.argv[2];
const file = new URL(MOCKED_DOCUMENT, ROOT_URL);

async function start(): Promise<number> {
  if (kind === "prism") {
    const { getHttpOperationsFromSpec } = await import("@stoplight/prism-http");
    const { createServer: createPrism } = await import("@stoplight/prism-http-server");
    const { createLogger } = await import("@stoplight/prism-core");
    const operations = await getHttpOperationsFromSpec(file.pathname);
    const config = { validateRequest: true, validateResponse: true, checkSecurity: true, errors: false, upstreamProxy: undefined, isProxy: false as const, mock: { dynamic: false } };
    const server = createPrism(operations, { cors: true, config, components: { logger: createLogger("bench", { level: "silent" }) } });
    const address = await server.listen(0, "127.0.0.1");
    return Number(new URL(address).port);
  }
  let listener: Parameters<typeof createServer>[1];
  if (kind === "specloom") {
    const { mockHandler } = (await import(new URL("dist/mock.js", ROOT_URL).href)) as typeof Mock;
    const { nodeHandler } = (await import(new URL("dist/node.js", ROOT_URL).href)) as typeof Node;
    listener = nodeHandler(mockHandler(parse(readFileSync(file, "utf8")) as never));
  } else {
    const body = JSON.stringify([{ id: 1, name: "Rex", tag: "dog" }]);
    listener = (_request, response) => void response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
  }
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

process.send?.({ port: await start() });
