/**
 * Recursive and mutually recursive schemas (issue point 2): a vendor's `"$ref": "#"` or
 * `#/$defs/...` must become a component reference that resolves inside the document, in
 * both versions, for every library; and the schema must still mean what it meant.
 */
import { type, scope } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { StandardJSONSchemaV1 } from "specloom";
import {
  accepts,
  allRefs,
  at,
  bodySchema,
  build,
  component,
  componentNames,
  expectAcceptance,
  expectCleanDocument,
  LIBRARIES,
  refName,
  responseSchema,
  vb,
  VERSIONS,
  type Library,
} from "./support";

// A tree: { name: string, children: Tree[] }
const ZodTree: z.ZodType = z.object({
  name: z.string(),
  get children() {
    return z.array(ZodTree);
  },
});
type VTreeT = { name: string; children: VTreeT[] };
const VTree: v.GenericSchema<VTreeT> = v.object({ name: v.string(), children: v.array(v.lazy(() => VTree)) });
const trees: Record<Library, StandardJSONSchemaV1> = {
  zod: ZodTree,
  arktype: type({ name: "string", children: "this[]" }),
  valibot: vb(VTree),
};

// Mutual recursion: User { name, posts: Post[] }, Post { title, author: User }
const ZodUser: z.ZodType = z.object({
  name: z.string(),
  get posts() {
    return z.array(ZodPost);
  },
});
const ZodPost: z.ZodType = z.object({
  title: z.string(),
  get author() {
    return ZodUser;
  },
});
type VUserT = { name: string; posts: VPostT[] };
type VPostT = { title: string; author: VUserT };
const VUser: v.GenericSchema<VUserT> = v.object({ name: v.string(), posts: v.array(v.lazy(() => VPost)) });
const VPost: v.GenericSchema<VPostT> = v.object({ title: v.string(), author: v.lazy(() => VUser) });
const arkBlog = scope({ user: { name: "string", posts: "post[]" }, post: { title: "string", author: "user" } }).export();
const users: Record<Library, StandardJSONSchemaV1> = { zod: ZodUser, arktype: arkBlog.user, valibot: vb(VUser) };

// A linked list whose `next` is a nullable self-reference.
const ZodList: z.ZodType = z.object({
  value: z.number(),
  get next() {
    return ZodList.nullable();
  },
});
type VListT = { value: number; next: VListT | null };
const VList: v.GenericSchema<VListT> = v.object({ value: v.number(), next: v.nullable(v.lazy(() => VList)) });
const lists: Record<Library, StandardJSONSchemaV1> = { zod: ZodList, arktype: type({ value: "number", next: "this | null" }), valibot: vb(VList) };

const goodTree = { name: "root", children: [{ name: "a", children: [] }, { name: "b", children: [{ name: "c", children: [] }] }] };
const badTrees = [
  { name: "root", children: [{ name: "a", children: [{ name: 3, children: [] }] }] },
  { name: "root", children: [{ name: "a" }] },
  { name: "root", children: [{ name: "a", children: [{ name: "b", children: {} }] }] },
];
const goodUser = { name: "ann", posts: [{ title: "hello", author: { name: "bob", posts: [{ title: "again", author: { name: "cy", posts: [] } }] } }] };
const badUsers = [
  { name: "ann", posts: [{ title: "hello", author: { name: "bob", posts: [{ title: 1, author: { name: "cy", posts: [] } }] } }] },
  { name: "ann", posts: [{ title: "hello", author: { posts: [] } }] },
];

describe.each(VERSIONS)("OpenAPI %s", (version) => {
  describe("a recursive tree", () => {
    it.each(LIBRARIES)("%s: hoisted into a component that refers to itself, in request and response", async (library) => {
      const doc = build(version, { "POST /trees": { operationId: "plantTree", body: trees[library], 200: trees[library] } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "POST /trees"), responseSchema(doc, "POST /trees")]) {
        const name = refName(position);
        expect(name, "a recursive schema is used through a $ref to its component").toBeDefined();
        const items = at(component(doc, name as string), "properties", "children", "items");
        expect(refName(items), "children refer to the same component").toBe(name);
        // A readable name derived from where the schema is used: the operation is in it.
        expect((name as string).toLowerCase()).toContain("planttree");
        expectAcceptance(doc, position, [goodTree, { name: "leaf", children: [] }], badTrees, `${library} ${name}`);
      }
      for (const ref of allRefs(doc)) expect(ref).toMatch(/^#\/components\/schemas\/[A-Za-z0-9._-]+$/);
    });

    it.each(LIBRARIES)("%s: used by several operations, it is one component per form, not one per use", async (library) => {
      const doc = build(version, {
        "POST /trees": { body: trees[library], 200: trees[library] },
        "PUT /trees/{id}": { body: trees[library], 200: trees[library] },
        "GET /trees": { 200: trees[library] },
      });
      await expectCleanDocument(doc);
      const requestNames = new Set([refName(bodySchema(doc, "POST /trees")), refName(bodySchema(doc, "PUT /trees/{id}"))]);
      const responseNames = new Set([refName(responseSchema(doc, "POST /trees")), refName(responseSchema(doc, "PUT /trees/{id}")), refName(responseSchema(doc, "GET /trees"))]);
      expect(requestNames.size).toBe(1);
      expect(responseNames.size).toBe(1);
      expect(componentNames(doc).length).toBeLessThanOrEqual(2);
    });

    it.each(LIBRARIES)("%s: nested under an unnamed wrapper, the cycle still resolves and the wrapper stays inline", async (library) => {
      const wrappers: Record<Library, StandardJSONSchemaV1> = {
        zod: z.object({ tree: ZodTree, count: z.number() }),
        arktype: type({ tree: trees.arktype as ReturnType<typeof type<{ name: "string"; children: "this[]" }>>, count: "number" }),
        valibot: vb(v.object({ tree: VTree, count: v.number() })),
      };
      const doc = build(version, { "POST /forests": { body: wrappers[library], 200: wrappers[library] } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "POST /forests"), responseSchema(doc, "POST /forests")]) {
        expect(position.type, "the wrapper itself is not recursive, so it is inlined").toBe("object");
        expectAcceptance(doc, position, [{ tree: goodTree, count: 1 }], badTrees.map((tree) => ({ tree, count: 1 })), library);
      }
    });

    it.each(LIBRARIES)("%s: registered under a name, the name is the component and each form refers to itself", async (library) => {
      const doc = build(version, { "POST /trees": { body: trees[library], 200: trees[library] } }, { schemas: { Tree: trees[library] } });
      await expectCleanDocument(doc);
      const requestName = refName(bodySchema(doc, "POST /trees"));
      const responseName = refName(responseSchema(doc, "POST /trees"));
      expect(responseName).toBe("Tree");
      expect([requestName === "Tree", requestName === "TreeInput"]).toContain(true);
      for (const name of new Set([requestName, responseName])) {
        const items = at(component(doc, name as string), "properties", "children", "items");
        expect(refName(items), `${name} refers to itself, not to the other form`).toBe(name);
      }
      expect(componentNames(doc).every((name) => name === "Tree" || name === "TreeInput"), componentNames(doc).join()).toBe(true);
    });
  });

  describe("mutually recursive types", () => {
    it.each(LIBRARIES)("%s: every $ref resolves and the types still constrain each other", async (library) => {
      const doc = build(version, { "POST /users": { body: users[library], 200: users[library] } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "POST /users"), responseSchema(doc, "POST /users")]) {
        expectAcceptance(doc, position, [goodUser, { name: "solo", posts: [] }], badUsers, library);
      }
    });

    it("zod: with .meta({ id }) on both, each is its own component and they refer to each other", async () => {
      const User: z.ZodType = z
        .object({
          name: z.string(),
          get posts() {
            return z.array(Post);
          },
        })
        .meta({ id: "User" });
      const Post: z.ZodType = z
        .object({
          title: z.string(),
          get author() {
            return User;
          },
        })
        .meta({ id: "Post" });
      const doc = build(version, { "GET /users": { 200: User }, "GET /posts": { 200: Post } });
      await expectCleanDocument(doc);
      expect(refName(responseSchema(doc, "GET /users"))).toBe("User");
      expect(refName(responseSchema(doc, "GET /posts"))).toBe("Post");
      expect(componentNames(doc).sort()).toEqual(["Post", "User"]);
      expect(refName(at(component(doc, "User"), "properties", "posts", "items"))).toBe("Post");
      expect(refName(at(component(doc, "Post"), "properties", "author"))).toBe("User");
      expectAcceptance(doc, responseSchema(doc, "GET /users"), [goodUser], badUsers, "User");
    });
  });

  describe("a nullable self-reference (linked list)", () => {
    it.each(LIBRARIES)("%s: the end of the list (null) and a longer list are accepted; a bad link is not", async (library) => {
      const doc = build(version, { "POST /lists": { body: lists[library], 200: lists[library] } });
      await expectCleanDocument(doc);
      for (const position of [bodySchema(doc, "POST /lists"), responseSchema(doc, "POST /lists")]) {
        expectAcceptance(
          doc,
          position,
          [{ value: 1, next: null }, { value: 1, next: { value: 2, next: null } }],
          [{ value: 1, next: { value: "2", next: null } }, { value: 1 }, { value: 1, next: 5 }],
          `${library} linked list`,
        );
      }
    });
  });
});

describe("recursion in a 3.0.3 document never carries 3.1 keywords", () => {
  it.each(LIBRARIES)("%s: the tree's component is a 3.0 Schema Object", async (library) => {
    const doc = build("3.0.3", { "POST /trees": { body: trees[library] } });
    await expectCleanDocument(doc);
    const name = refName(bodySchema(doc, "POST /trees")) as string;
    expect(JSON.stringify(component(doc, name))).not.toMatch(/"\$defs|"#"|prefixItems|"const"/);
    expect(accepts(doc, bodySchema(doc, "POST /trees"), goodTree)).toBe(true);
  });
});

describe.each(VERSIONS)("an unnamed recursive schema used in a request and a response (%s)", (version) => {
  it("is one component, named after its first use, with an input form only where the two differ", async () => {
    type T = { name: string; children: T[] };
    const Tree: z.ZodType<T> = z.object({ name: z.string(), get children() { return z.array(Tree); } });
    const doc = build(version, { "POST /trees": { body: Tree, 201: Tree } });
    await expectCleanDocument(doc);
    // Zod's output form adds additionalProperties: false, so the forms differ: one name, two forms.
    expect(refName(bodySchema(doc, "POST /trees"))).toBe("PostTreesBodyInput");
    expect(refName(responseSchema(doc, "POST /trees", 201))).toBe("PostTreesBody");
    expect(componentNames(doc)).toEqual(["PostTreesBody", "PostTreesBodyInput"]);

    // ArkType writes one form for both sides: one component.
    const Arky = type({ name: "string", kids: "this[]" });
    const one = build(version, { "POST /trees": { body: Arky, 201: Arky } });
    await expectCleanDocument(one);
    expect(componentNames(one)).toEqual(["PostTreesBody"]);
    expect(refName(bodySchema(one, "POST /trees"))).toBe("PostTreesBody");
    expect(refName(responseSchema(one, "POST /trees", 201))).toBe("PostTreesBody");
  });
});
