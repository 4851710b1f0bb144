/**
 * A registered recursive schema used inside another schema (an array of it, a property)
 * is one component: the definition the library generates for the copy it writes there
 * (Zod's `__schema0`, ArkType's `intersection12`, Valibot's `0` plus an inline first
 * level) is recognised as the registered schema, so every use is a `$ref` to it.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { scope, type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type StandardJSONSchemaV1 } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { versions } from "../fixtures/libraries";
import { component, componentNames, responseSchema } from "./support";

const info = { title: "Comments", version: "1" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

interface Recursive {
  name: string;
  comment: StandardJSONSchemaV1;
  list: StandardJSONSchemaV1;
  thread: StandardJSONSchemaV1;
}

const zodComment = z.object({
  id: z.string(),
  get replies() {
    return z.array(zodComment);
  },
});
const arkScope = scope({ Comment: { id: "string", replies: "Comment[]" } }).export();
type ValibotComment = { id: string; replies: ValibotComment[] };
const valibotComment: v.GenericSchema<ValibotComment> = v.object({ id: v.string(), replies: v.array(v.lazy(() => valibotComment)) });

const recursive: Recursive[] = [
  { name: "zod", comment: zodComment, list: z.array(zodComment), thread: z.object({ title: z.string(), comments: z.array(zodComment) }) },
  { name: "arktype", comment: arkScope.Comment, list: arkScope.Comment.array(), thread: type({ title: "string", comments: arkScope.Comment.array() }) },
  {
    name: "valibot",
    comment: toStandardJsonSchema(valibotComment),
    list: toStandardJsonSchema(v.array(valibotComment)),
    thread: toStandardJsonSchema(v.object({ title: v.string(), comments: v.array(valibotComment) })),
  },
];

describe.each(recursive)("a registered recursive $name schema", (lib) => {
  it.each(versions)("inside an array and inside another object is one component, referred to everywhere (%s)", async (version) => {
    const document = openapi({
      openapi: version,
      info,
      schemas: { Comment: lib.comment },
      paths: { "GET /comments": { 200: lib.list }, "GET /comment": { 200: lib.comment }, "GET /thread": { 200: lib.thread } },
    });
    expect(componentNames(document)).toEqual(["Comment"]);
    expect(responseSchema(document, "GET /comments")).toEqual({ type: "array", items: ref("Comment") });
    expect(responseSchema(document, "GET /comment")).toEqual(ref("Comment"));
    expect(responseSchema(document, "GET /thread")).toMatchObject({ properties: { title: { type: "string" }, comments: { type: "array", items: ref("Comment") } } });
    expect(component(document, "Comment")).toMatchObject({ type: "object", properties: { id: { type: "string" }, replies: { type: "array", items: ref("Comment") } } });
    await expectValidOpenAPI(document);
  });
});

describe("a recursive definition is the registered schema only when it has its structure", () => {
  it.each(versions)("a different recursive schema with the same property names keeps a component of its own (%s)", async (version) => {
    const Other = z.object({
      id: z.number(),
      get replies() {
        return z.array(Other);
      },
    });
    const document = openapi({ openapi: version, info, schemas: { Comment: zodComment }, paths: { "GET /others": { 200: z.array(Other) }, "GET /comment": { 200: zodComment } } });
    expect(componentNames(document)).toEqual(["Comment", "GetOthersResponse200Node"]);
    expect(responseSchema(document, "GET /others")).toEqual({ type: "array", items: ref("GetOthersResponse200Node") });
    expect(component(document, "GetOthersResponse200Node")).toMatchObject({ properties: { id: { type: "number" } } });
    await expectValidOpenAPI(document);
  });

  it.each(versions)("two registered schemas with one structure: neither is chosen (%s)", async (version) => {
    const Twin = z.object({
      id: z.string(),
      get replies() {
        return z.array(Twin);
      },
    });
    const document = openapi({ openapi: version, info, schemas: { Comment: zodComment, Twin }, paths: { "GET /comments": { 200: z.array(zodComment) } } });
    expect(componentNames(document)).toEqual(["Comment", "Twin", "GetCommentsResponse200Node"]);
    await expectValidOpenAPI(document);
  });
});
