/**
 * A request with no content is a request with no body, however it arrives. Over HTTP, Node's
 * adapters hand every POST a body stream, empty when the client sent nothing (RFC 9112: no
 * Content-Length and no Transfer-Encoding is a length of zero); that is not a body of no
 * media type (415), and an optional body may be left out.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { openapi } from "specloom";
import { requestValidator } from "specloom/http";
import { nodeHandler } from "specloom/node";
import { expectValidOpenAPI } from "../helpers/document";

const definition = {
  info: { title: "Notes", version: "1" },
  paths: {
    "POST /notes": { body: { schema: z.object({ title: z.string() }), required: false }, 204: null },
    "POST /required": { body: z.object({ title: z.string() }), 204: null },
  },
} as const;
const validate = requestValidator(definition);
const empty = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
const init = (body: ReadableStream<Uint8Array>): RequestInit => ({ method: "POST", body, duplex: "half" }) as RequestInit;

describe("a request that sends no content", () => {
  it("writes a valid document", async () => {
    await expectValidOpenAPI(openapi(definition));
  });

  it("is accepted for an optional body when its stream is empty, with no Content-Type", async () => {
    const result = await validate(new Request("http://api.test/notes", init(empty())));
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it("is told that a required body is missing (400), not that its media type is wrong (415)", async () => {
    const result = await validate(new Request("http://api.test/required", init(empty())));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.status).toBe(400);
      expect(result.problem.issues?.[0]).toMatchObject({ in: "body", message: "a request body is required" });
    }
  });

  it("still gets 415 when it sends content with no Content-Type", async () => {
    const bytes = new TextEncoder().encode('{"title":"a"}');
    const body = new ReadableStream<Uint8Array>({ start: (controller) => (controller.enqueue(bytes), controller.close()) });
    const result = await validate(new Request("http://api.test/notes", init(body)));
    expect(result.ok ? 200 : result.status).toBe(415);
  });

  describe("over HTTP, behind nodeHandler", () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer(nodeHandler(async (request) => {
        const result = await validate(request);
        return result.ok ? new Response(null, { status: 204 }) : result.response();
      }));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("a POST with no body is valid where the body is optional, and 400 where it is required", async () => {
      expect((await fetch(`${base}/notes`, { method: "POST" })).status).toBe(204);
      const required = await fetch(`${base}/required`, { method: "POST" });
      expect(required.status).toBe(400);
      expect(await required.json()).toMatchObject({ issues: [{ in: "body", message: "a request body is required" }] });
    });
  });
});
