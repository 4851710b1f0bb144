/**
 * Hostile overlays: keys that name Object.prototype's machinery are data, filters are never
 * run as code, and large overlays and selections finish (linear work; no time is asserted,
 * but a quadratic walk over these sizes would not finish within the test timeout). Deep
 * updates merge without recursion.
 */
import { describe, expect, it } from "vitest";
import { applyOverlay } from "specloom/overlay";
import { expectValidOpenAPI } from "../helpers/document";
import { errorOf } from "../merge/fixtures";
import { at, oaiExample, overlay, twilio } from "./fixtures";

describe("__proto__, constructor and prototype are data", () => {
  it("an update with those keys (as JSON.parse or YAML gives them) adds own keys and leaves Object.prototype alone", async () => {
    const update = JSON.parse('{"x-meta": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": 1}}') as object;
    const result = applyOverlay(oaiExample("petstore.yaml"), overlay("1.1.0", [{ target: "$.info", update }]));
    const meta = at(result, "info", "x-meta") as object;
    expect(Object.keys(meta)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(meta, "__proto__")?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    await expectValidOpenAPI(result);
  });

  it("a target naming __proto__ or constructor selects own keys only: nothing on an object that lacks them", () => {
    const document = oaiExample("petstore.yaml");
    for (const target of ["$.info.__proto__", "$.info.constructor", "$.info['constructor']['prototype']", "$.paths.*.get.toString", "$.servers.length"]) {
      expect(applyOverlay(document, overlay("1.1.0", [{ target, update: { polluted: true } }]))).toEqual(document);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a target naming an own __proto__ key updates it and removes it like any other key", async () => {
    const document = JSON.parse('{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "x-map": {"__proto__": {"a": 1}, "constructor": {"b": 2}}}') as object;
    const updated = applyOverlay(document, overlay("1.1.0", [{ target: "$['x-map']['__proto__']", update: { polluted: true } }, { target: "$['x-map'].constructor", update: { c: 3 } }]));
    expect(Object.getOwnPropertyDescriptor(at(updated, "x-map"), "__proto__")?.value).toEqual({ a: 1, polluted: true });
    expect(at(updated, "x-map", "constructor")).toEqual({ b: 2, c: 3 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const removed = applyOverlay(updated, overlay("1.1.0", [{ target: "$['x-map'].__proto__", remove: true }]));
    expect(Object.keys(at(removed, "x-map") as object)).toEqual(["constructor"]);
    await expectValidOpenAPI(updated);
    await expectValidOpenAPI(removed);
  });
});

describe("filters are queries, never code", () => {
  it("JavaScript in a filter is not JSONPath", () => {
    for (const target of ["$[?(globalThis.hacked = true)]", "$.paths[?@.x == 1 || process.exit(3)]", "$[?(function(){ return true })()]"]) {
      const error = errorOf(() => applyOverlay(oaiExample("petstore.yaml"), overlay("1.1.0", [{ target, update: {} }])));
      expect(error.message).toMatch(/^overlays\[0\]\.actions\[0\]\.target: not an RFC 9535 JSONPath query: /);
    }
    expect((globalThis as Record<string, unknown>).hacked).toBeUndefined();
  });

  it("code inside a string literal stays a string to compare with", () => {
    const document = oaiExample("petstore.yaml");
    const target = "$.paths.*.get[?@.summary == \"'); globalThis.hacked = true; ('\"]";
    expect(applyOverlay(document, overlay("1.1.0", [{ target, update: { "x-hit": true } }]))).toEqual(document);
    expect((globalThis as Record<string, unknown>).hacked).toBeUndefined();
  });
});

describe("size", () => {
  it("10,000 actions run, each on the result of the one before", async () => {
    const actions = [];
    for (let i = 0; i < 10_000; i++) actions.push({ target: "$.info", update: { [`x-note-${i}`]: i } });
    actions.push({ target: "$.info['x-note-9999']", update: -1 });
    const result = applyOverlay(twilio("twilio_accounts_v1.json"), overlay("1.1.0", actions));
    const notes = Object.keys(result.info).filter((key) => key.startsWith("x-note-"));
    expect(notes).toHaveLength(10_000);
    expect(at(result, "info", "x-note-5000")).toBe(5000);
    expect(at(result, "info", "x-note-9999")).toBe(-1);
    await expectValidOpenAPI(result);
  });

  it("a target selecting 1,000,000 nodes: half of a million-item array removed, the rest kept in order", async () => {
    const size = 1_000_000;
    const items: number[] = [];
    for (let i = 0; i < size; i++) items.push(i);
    const document = { openapi: "3.1.0", info: { title: "Big", version: "1" }, paths: {}, "x-items": items };
    const everything = applyOverlay(document, overlay("1.1.0", [{ target: "$['x-items'][*]", update: 7 }]));
    const replaced = at(everything, "x-items") as number[];
    expect(replaced).toHaveLength(size);
    expect(replaced.every((value) => value === 7)).toBe(true);
    const halved = applyOverlay(document, overlay("1.1.0", [{ target: "$['x-items'][?@ >= 500000]", remove: true }]));
    const kept = at(halved, "x-items") as number[];
    expect(kept).toHaveLength(size / 2);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(size / 2 - 1);
    expect(items).toHaveLength(size);
    await expectValidOpenAPI(halved);
  });

  it("a deep update merges into a deep document without recursion", async () => {
    const depth = 20_000;
    const deep = (leaf: Record<string, unknown>) => {
      let node = leaf;
      for (let i = 0; i < depth; i++) node = { next: node };
      return node;
    };
    const document = { openapi: "3.1.0", info: { title: "Deep", version: "1" }, paths: {}, "x-deep": deep({ kept: true }) };
    const result = applyOverlay(document, overlay("1.1.0", [{ target: "$", update: { "x-deep": deep({ added: true }) } }]));
    let node = at(result, "x-deep") as Record<string, unknown>;
    for (let i = 0; i < depth; i++) node = node.next as Record<string, unknown>;
    expect(node).toEqual({ kept: true, added: true });
    // The schema validator recurses, so it checks the document around the deep extension.
    await expectValidOpenAPI({ ...result, "x-deep": {} });
    // A descendant segment is the JSONPath library's recursion: past its limit, an error names the action.
    const error = errorOf(() => applyOverlay(document, overlay("1.1.0", [{ target: "$..kept", remove: true }])));
    expect(error.message).toMatch(/^overlays\[0\]\.actions\[0\]\.target: the query cannot run on this document: recursion limit reached/);
  });

  it("a descendant segment reaches nodes 500 levels down", async () => {
    let node: Record<string, unknown> = { "x-mark": true };
    for (let i = 0; i < 500; i++) node = { next: node };
    const result = applyOverlay({ openapi: "3.1.0", info: { title: "Deep", version: "1" }, paths: {}, "x-deep": node }, overlay("1.1.0", [{ target: "$..[?@['x-mark']]", update: { found: true } }]));
    expect(JSON.stringify(result)).toContain('"x-mark":true,"found":true');
    await expectValidOpenAPI(result);
  });
});
