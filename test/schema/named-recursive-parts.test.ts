/**
 * A registered recursive schema with a recursive part of its own (a `Comment` whose author
 * is a `Person` with friends) is written again, whole, by the library wherever another
 * schema holds it (an array of comments). The copy's part is the registered schema's part:
 * one component under the name made up for it, in whichever order the routes meet the two.
 */
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { scope } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type SpecloomDefinition, type StandardJSONSchemaV1 } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { versions } from "../fixtures/libraries";
import { componentNames, responseSchema } from "./support";

const info = { title: "Comments", version: "1" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const zodPerson = z.object({
  name: z.string(),
  get friends() {
    return z.array(zodPerson);
  },
});
const zodComment = z.object({
  id: z.string(),
  author: zodPerson,
  get replies() {
    return z.array(zodComment);
  },
});
const ark = scope({ Person: { name: "string", friends: "Person[]" }, Comment: { id: "string", author: "Person", replies: "Comment[]" } }).export();
type ValibotPerson = { name: string; friends: ValibotPerson[] };
type ValibotComment = { id: string; author: ValibotPerson; replies: ValibotComment[] };
const valibotPerson: v.GenericSchema<ValibotPerson> = v.object({ name: v.string(), friends: v.array(v.lazy(() => valibotPerson)) });
const valibotComment: v.GenericSchema<ValibotComment> = v.object({ id: v.string(), author: valibotPerson, replies: v.array(v.lazy(() => valibotComment)) });

/**
 * `itemsRef`: the array's items are a `$ref` to Comment. Valibot writes a recursive schema's
 * first level inline wherever it is used, its author's first level too, and the definition
 * that repeats it with the author as a reference: Comment is still one component (its own
 * answer's root and that definition are compared with references unfolded), but inside the
 * array the first level stays written out, its parts referring to the same components.
 */
const libraries: { name: string; comment: StandardJSONSchemaV1; list: StandardJSONSchemaV1; itemsRef: boolean }[] = [
  { name: "zod", comment: zodComment, list: z.array(zodComment), itemsRef: true },
  { name: "arktype", comment: ark.Comment, list: ark.Comment.array(), itemsRef: true },
  { name: "valibot", comment: toStandardJsonSchema(valibotComment), list: toStandardJsonSchema(v.array(valibotComment)), itemsRef: false },
];

describe.each(libraries)("a registered recursive $name schema with a recursive part, also inside an array", (lib) => {
  const definition = (version: SpecloomDefinition["openapi"], listFirst: boolean): SpecloomDefinition => ({
    openapi: version,
    info,
    schemas: { Comment: lib.comment },
    paths: listFirst ? { "GET /comments": { 200: lib.list }, "GET /comment": { 200: lib.comment } } : { "GET /comment": { 200: lib.comment }, "GET /comments": { 200: lib.list } },
  });

  it.each(versions)("is one component with one component for its part, the array met first; it was DUPLICATE_SCHEMA (%s)", async (version) => {
    const document = openapi(definition(version, true));
    const names = componentNames(document);
    expect(names).toContain("Comment");
    // The part: one component (its made-up name depends on the library), never two with one body.
    expect(names).toHaveLength(2);
    const items = responseSchema(document, "GET /comments");
    if (lib.itemsRef) expect(items).toEqual({ type: "array", items: ref("Comment") });
    else expect([...JSON.stringify(items).matchAll(/schemas\/(\w+)/g)].map((match) => match[1]).sort()).toEqual([...names].sort());
    expect(responseSchema(document, "GET /comment")).toEqual(ref("Comment"));
    await expectValidOpenAPI(document);
  });

  it.each(versions)("gives the same document whichever route comes first (%s)", async (version) => {
    const listFirst = openapi(definition(version, true));
    const commentFirst = openapi(definition(version, false));
    expect(listFirst.components).toEqual(commentFirst.components);
    await expectValidOpenAPI(commentFirst);
  });
});

describe("the part's made-up name", () => {
  it.each(versions)("steps aside for a schema that names itself so, met later, in the copy as in the registered schema (%s)", async (version) => {
    const Author = z.object({ handle: z.string() }).meta({ id: "CommentAuthor" });
    const document = openapi({
      openapi: version,
      info,
      schemas: { Comment: zodComment },
      paths: { "GET /comments": { 200: z.array(zodComment) }, "GET /comment": { 200: zodComment }, "GET /author": { 200: Author } },
    });
    expect([...componentNames(document)].sort()).toEqual(["Comment", "CommentAuthor", "CommentAuthor2"]);
    expect(JSON.stringify(document.components?.schemas?.Comment)).toContain(JSON.stringify(ref("CommentAuthor2")));
    expect(responseSchema(document, "GET /author")).toEqual(ref("CommentAuthor"));
    await expectValidOpenAPI(document);
  });
});
