/**
 * serverValidator, as a handler of Web Requests uses it (Next.js, Bun, Deno): its options
 * checked when it is made, a Request validated once however often it is asked, and each
 * response mode.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SpecloomError } from "specloom";
import { serverValidator, type ResponseReport } from "specloom/http";

let reads = 0;
const definition = {
  info: { title: "Notes", version: "1" },
  paths: {
    "POST /notes": { body: z.object({ text: z.string() }).refine(() => ++reads > 0), 201: z.object({ id: z.number().int(), text: z.string() }) },
    "GET /notes/{id}": { params: z.object({ id: z.number().int() }), 200: z.object({ id: z.number().int(), text: z.string() }) },
  },
};
const post = () => new Request("https://notes.example/notes", { method: "POST", headers: { "content-type": "application/json" }, body: '{"text":"hi"}' });

describe("options", () => {
  it.each([
    [{ bodyLimt: 10 }, "requestValidator options.bodyLimt: unknown option (expected bodyLimit, depthLimit, bodyTimeout)"],
    [{ responses: "strict" }, 'validator options.responses: expected "off", "report" or "enforce", found the string "strict"'],
    [{ responses: "report" }, 'validator options.onResponseIssues: responses: "report" needs the function that receives the issues'],
    [{ onResponseIssues: "log" }, "validator options.onResponseIssues: expected a function, found the string \"log\""],
    [{ bodyLimit: -1 }, "requestValidator options.bodyLimit: expected a whole number of bytes, 0 or more, found a number (-1)"],
  ])("refuses %j with a SpecloomError naming the option", (options, message) => {
    let error: unknown;
    try {
      serverValidator(definition, options as never);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SpecloomError);
    expect((error as SpecloomError).message).toBe(message);
  });
});

describe("request(request, route?, holder?)", () => {
  it("validates a Request once: asked again, it gives the first result without reading the body again", async () => {
    const api = serverValidator(definition);
    const request = post();
    reads = 0;
    const first = await api.request(request, "POST /notes");
    const again = await api.request(request);
    expect(first).toBe(again);
    expect(first.ok && first.body).toEqual({ text: "hi" });
    expect(reads).toBe(1);
  });

  it("makes the Request only for a holder it has not seen, and needs the holder to know it by", async () => {
    const api = serverValidator(definition);
    const holder = {};
    let made = 0;
    const make = () => (made++, post());
    expect((await api.request(make, "POST /notes", holder)).ok).toBe(true);
    expect((await api.request(make, "POST /notes", holder)).ok).toBe(true);
    expect(made).toBe(1);
    expect(() => api.request(make)).toThrow("validator.request: a Request made by a function needs the holder it is known by");
  });

  it("shares a result between validators of one definition (an app-wide middleware and a route's)", async () => {
    const request = post();
    reads = 0;
    await serverValidator(definition).request(request, "POST /notes");
    await serverValidator(definition).request(request, "POST /notes");
    expect(reads).toBe(1);
  });

  it("is the server's mistake to ask for another route of a request validated already", async () => {
    const api = serverValidator(definition);
    const request = new Request("https://notes.example/notes/1");
    await api.request(request);
    await expect(api.request(request, "GET /notes/:id")).resolves.toMatchObject({ ok: true, params: { id: 1 } });
    await expect(api.request(request, "POST /notes")).rejects.toThrow('validate(request, "POST /notes"): this request was validated already, as GET /notes/{id}');
  });
});

describe("response(route, response, holder?)", () => {
  const bad = () => Response.json({ id: "one" }, { status: 201 });

  it("off: hands the response back, unchecked", async () => {
    const response = bad();
    expect(await serverValidator(definition).response("POST /notes", response)).toBe(response);
  });

  it("report: hands the response back unread, and the callback gets its issues", async () => {
    const received: ResponseReport[] = [];
    let done: () => void = () => undefined;
    const reported = new Promise<void>((resolve) => (done = resolve));
    const api = serverValidator(definition, { responses: "report", onResponseIssues: (report) => (received.push(report), done()) });
    const response = bad();
    expect(await api.response("POST /notes", response)).toBe(response);
    expect(await response.json()).toEqual({ id: "one" });
    await reported;
    expect(received).toMatchObject([{ route: "POST /notes", status: 201, issues: [{ in: "body", pointer: "/id" }, { in: "body", pointer: "/text" }] }]);
  });

  it("enforce: a 500 Problem naming the issues instead of a response that breaks the document; a valid one as it is", async () => {
    const api = serverValidator(definition, { responses: "enforce" });
    const valid = Response.json({ id: 1, text: "hi" }, { status: 201 });
    expect(await api.response("POST /notes", valid)).toBe(valid);
    const replaced = await api.response("POST /notes", bad());
    expect(replaced.status).toBe(500);
    expect(replaced.headers.get("content-type")).toBe("application/problem+json");
    expect(await replaced.json()).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: expect.stringMatching(/^the 201 response of POST \/notes does not match the document: body at \/id: .+ \(and 1 more\)$/),
      issues: [expect.objectContaining({ in: "body", pointer: "/id" }), expect.objectContaining({ in: "body", pointer: "/text" })],
    });
  });

  it("enforce: hands back a 304, which stands for a response checked when it was sent, though no 304 is declared", async () => {
    const api = serverValidator(definition, { responses: "enforce" });
    const notModified = new Response(null, { status: 304 });
    expect(await api.response("GET /notes/{id}", notModified)).toBe(notModified);
    expect((await api.response("GET /notes/{id}", new Response(null, { status: 303 }))).status).toBe(500);
  });

  it("checks a holder's response once", async () => {
    const api = serverValidator(definition, { responses: "enforce" });
    const holder = {};
    expect((await api.response("POST /notes", bad(), holder)).status).toBe(500);
    expect((await api.response("POST /notes", bad(), holder)).status).toBe(201);
  });
});
