import { describe, expect, it } from "vitest";
import { setKey } from "../../src/internal/index-keys";
import { cloneData } from "../../src/internal/clone";
import { openapi } from "specloom";
import { z } from "zod";
import { expectValidOpenAPI, isDeepFrozen } from "../helpers/document";

/** An object whose keys are numbers near and far, in the order own keys are listed (indices first, ascending). */
function numbered(): Record<string, unknown> {
  return JSON.parse('{"0":"zero","31":"a","200":{"x":1},"404":"b","3999":"c","4000":"far","4001":"farther","4294967295":"not an index","default":"d","__proto__":"data"}') as Record<string, unknown>;
}

describe("objects keyed by numbers", () => {
  it("keep every key, value and the own-key order when set one by one", () => {
    const source = numbered();
    const target: Record<string, unknown> = {};
    for (const key of Object.keys(source)) setKey(target, key, source[key]);
    expect(Object.keys(target)).toEqual(Object.keys(source));
    expect(JSON.stringify(target)).toBe(JSON.stringify(source));
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(target)).toEqual(Object.keys(source));
  });

  it("keep a key at the switching index when it came first", () => {
    const target: Record<string, unknown> = {};
    setKey(target, "4000", "kept");
    setKey(target, "200", "later");
    expect(target).toEqual({ 200: "later", 4000: "kept" });
  });

  it("come through a copy unchanged", () => {
    const source = numbered();
    expect(JSON.stringify(cloneData(source, "x"))).toBe(JSON.stringify(source));
  });

  it("are the responses of an operation: status codes in ascending order, then the other keys as written", async () => {
    const pet = z.object({ id: z.string() });
    const document = openapi({ info: { title: "Statuses", version: "1" }, paths: { "GET /a": { default: null, 404: null, "4XX": null, 200: pet, 201: pet } } });
    expect(Object.keys(document.paths["/a"]?.get?.responses ?? {})).toEqual(["200", "201", "404", "default", "4XX"]);
    expect(isDeepFrozen(document)).toBe(true);
    await expectValidOpenAPI(document);
  });
});
