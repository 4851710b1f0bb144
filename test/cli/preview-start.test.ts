/**
 * `specloom preview` failing before it serves anything: one line, exit code 1, no server
 * left running. No browser here (test/cli/preview.test.ts renders the page).
 */
import { createServer, type Server } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { TempProject, expectOneLineFailure, runCli } from "./helpers";

const project = new TempProject();
afterAll(() => project.remove());

/** A server of the test's own on a free port of localhost, as preview would listen. */
function occupy(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "localhost", () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

describe("preview: failures at start", () => {
  it("a port in use is one line and exit code 1", async () => {
    const { server, port } = await occupy();
    try {
      const run = await runCli(["preview", "examples/petstore.ts", "--port", String(port)]);
      expect(expectOneLineFailure(run)).toBe(`specloom: port ${port} is already in use; choose another with --port`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a missing file, or a module whose definition fails, is one line and exit code 1", async () => {
    expect(expectOneLineFailure(await runCli(["preview", "examples/nope.ts", "--port", "0"]))).toBe("specloom: examples/nope.ts: no such file");
    const file = project.write("bad-key.ts", `export default { info: { title: "x", version: "1" }, paths: { "GET users": {} } };\n`);
    expect(expectOneLineFailure(await runCli(["preview", file, "--port", "0"]))).toBe('specloom: INVALID_ROUTE_KEY paths["GET users"]: path "users" must start with "/"');
  });
});
