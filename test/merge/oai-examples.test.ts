/** The OpenAPI Initiative's six 3.0 example documents (YAML), merged. */
import { describe, expect, it } from "vitest";
import { createMerge, merge, type OpenAPIDocument } from "specloom";
import { danglingRefs, expectValidOpenAPI } from "../helpers/document";
import { doc, errorOf, loadOaiExample, operationsOf, refsOf } from "./fixtures";

const NAMES = ["petstore", "petstore-expanded", "link-example", "callback-example", "api-with-examples", "uspto"] as const;
const examples = Object.fromEntries(NAMES.map((name) => [name, loadOaiExample(name)])) as Record<(typeof NAMES)[number], OpenAPIDocument>;

/** Every Link Object's operationId in the tree, iteratively. */
function linkOperationIds(root: unknown): string[] {
  const ids: string[] = [];
  const stack: [unknown, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const [node, inLinks] = stack.pop() as [unknown, boolean];
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      if (inLinks && value && typeof value === "object" && typeof (value as { operationId?: unknown }).operationId === "string") ids.push((value as { operationId: string }).operationId);
      stack.push([value, key === "links"]);
    }
  }
  return ids;
}

const allOperationIds = (document: OpenAPIDocument) =>
  Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((o) => (o && typeof o === "object" && "operationId" in o ? [o.operationId as string] : [])));

describe("OAI examples", () => {
  it("petstore and petstore-expanded: strict merge reports every conflict at once, paths before components as SPEC.md 4.2's table lists them", () => {
    // Both define GET and POST /pets, /pets/{petId} and /pets/{id} are one template, and both have Pet and Error.
    const error = errorOf(() => merge(examples.petstore, examples["petstore-expanded"]));
    const both = 'both base ("Swagger Petstore") and sources[0] ("Swagger Petstore")';
    const conflicts = [
      { code: "DUPLICATE_PATH", location: 'paths["/pets"].get', message: `paths["/pets"].get: GET /pets is defined by ${both}; createMerge({ pathPrefix }) can give each document paths of its own` },
      { code: "DUPLICATE_PATH", location: 'paths["/pets"].post', message: `paths["/pets"].post: POST /pets is defined by ${both}; createMerge({ pathPrefix }) can give each document paths of its own` },
      {
        code: "DUPLICATE_PATH",
        location: 'paths["/pets/{id}"]',
        message:
          'paths["/pets/{id}"]: sources[0] ("Swagger Petstore") defines this path and base ("Swagger Petstore") defines paths["/pets/{petId}"]; they differ only in the names of path parameters, and OpenAPI treats them as one path. Use the same names in both, or give one document a pathPrefix with createMerge()',
      },
      { code: "DUPLICATE_SCHEMA", location: "components.schemas.Pet", message: `components.schemas.Pet: schema "Pet" is defined by ${both} (with different content; createMerge({ components: "rename" }) keeps both)` },
      { code: "DUPLICATE_SCHEMA", location: "components.schemas.Error", message: `components.schemas.Error: schema "Error" is defined by ${both} (identical; createMerge({ components: "share-identical" }) keeps one)` },
    ];
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.location).toBe('paths["/pets"].get');
    expect(error.conflicts).toEqual(conflicts);
    expect(error.message).toBe(conflicts.map((conflict) => conflict.message).join("\n"));
    expect(Object.isFrozen(error.conflicts)).toBe(true);
    // With paths of their own, the schemas are what is left.
    const prefixed = errorOf(() => createMerge({ pathPrefix: (_d, i) => (i === 0 ? "" : "/expanded") })(examples.petstore, examples["petstore-expanded"]));
    expect(prefixed.conflicts?.map((conflict) => conflict.location)).toEqual(["components.schemas.Pet", "components.schemas.Error"]);
    expect(errorOf(() => createMerge({ components: "share-identical" })(examples.petstore, examples["petstore-expanded"])).conflicts?.map((c) => c.location)).toEqual([
      'paths["/pets"].get',
      'paths["/pets"].post',
      'paths["/pets/{id}"]',
      "components.schemas.Pet",
    ]);
  });

  it("petstore and petstore-expanded: renamed components still clash on GET /pets without a path prefix", () => {
    const error = errorOf(() => createMerge({ components: "rename" })(examples.petstore, examples["petstore-expanded"]));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.location).toBe('paths["/pets"].get');
  });

  it("petstore and petstore-expanded merge with rename and a path prefix; same titles get numbered prefixes", async () => {
    const result = createMerge({ components: "rename", pathPrefix: (_d, i) => (i === 0 ? "" : "/expanded") })(examples.petstore, examples["petstore-expanded"]);
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(["Pet", "Pets", "Error", "SwaggerPetstore2_Pet", "NewPet"]);
    expect(result.components?.schemas?.Error).toEqual(examples.petstore.components?.schemas?.Error);
    expect(result.components?.schemas?.SwaggerPetstore2_Pet).toEqual(examples["petstore-expanded"].components?.schemas?.Pet);
    expect(refsOf(result.paths["/expanded/pets/{id}"])).toContain("#/components/schemas/SwaggerPetstore2_Pet");
    expect(refsOf(result.paths["/pets/{petId}"])).toContain("#/components/schemas/Pet");
    expect(operationsOf(result)).toHaveLength(operationsOf(examples.petstore).length + operationsOf(examples["petstore-expanded"]).length);
    await expectValidOpenAPI(result);
  });

  it("link-example merged with a copy of itself: renamed operationIds carry the copy's links along", async () => {
    const copy = { ...structuredClone(examples["link-example"]), info: { title: "Mirror", version: "1.0.0" } };
    expect(errorOf(() => createMerge({ pathPrefix: (_d, i) => (i ? "/mirror" : "") })(examples["link-example"], copy)).code).toBe("DUPLICATE_PATH");
    const result = createMerge({ components: "rename", operationIds: "rename", pathPrefix: (_d, i) => (i ? "/mirror" : "") })(examples["link-example"], copy);
    // Schemas are identical and shared; the copy's links now name renamed operations, so they are renamed too.
    expect(Object.keys(result.components?.schemas ?? {})).toEqual(Object.keys(examples["link-example"].components?.schemas ?? {}));
    expect(Object.keys(result.components?.links ?? {})).toEqual(["UserRepositories", "UserRepository", "RepositoryPullRequests", "PullRequestMerge", ...["UserRepositories", "UserRepository", "RepositoryPullRequests", "PullRequestMerge"].map((n) => `Mirror_${n}`)]);
    expect(result.components?.links?.Mirror_UserRepository).toMatchObject({ operationId: "Mirror_getRepository" });
    expect(refsOf(result.paths["/mirror/2.0/users/{username}"]).sort()).toEqual(["#/components/links/Mirror_UserRepositories", "#/components/schemas/user"]);
    // Every link still names an operation that exists.
    const ids = new Set(allOperationIds(result));
    expect(ids.size).toBe(12);
    expect(linkOperationIds(result).every((id) => ids.has(id))).toBe(true);
    await expectValidOpenAPI(result);
  });

  it("all six merge into a 3.1 base, converted, with a prefix each", async () => {
    const base31 = doc("All examples", {}, "3.1.0");
    // None of the six uses nullable or a boolean exclusive bound; petstore's optional tag gets both, so the conversion shows.
    const petstore = structuredClone(examples.petstore);
    const pet = petstore.components?.schemas?.Pet as { properties: Record<string, Record<string, unknown>> };
    Object.assign(pet.properties.tag as object, { nullable: true });
    Object.assign(pet.properties.id as object, { minimum: 0, exclusiveMinimum: true });
    const sources = NAMES.map((name) => (name === "petstore" ? petstore : examples[name]));
    // Strictly, the two petstores' GET /pets is the first conflict.
    expect(errorOf(() => merge(base31, ...sources)).location).toBe('paths["/pets"].get');
    const all = createMerge({ components: "rename", operationIds: "rename", pathPrefix: (_d, i) => (i === 0 ? "" : `/${NAMES[i - 1]}`) });
    const result = all(base31, ...sources);
    expect(result.openapi).toBe("3.1.0");
    expect(operationsOf(result)).toHaveLength(sources.reduce((n, d) => n + operationsOf(d).length, 0));
    // Callbacks came through: the callback example's out-of-band POST is still there.
    expect(Object.keys(result.paths["/callback-example/streams"]?.post?.callbacks?.onData ?? {})).toEqual(["{$request.query.callbackUrl}/data"]);
    // The 3.0 schemas were converted to 3.1's dialect: nullable to a type array, a boolean exclusive bound to a numeric one.
    expect((result.components?.schemas?.Pet as { properties: unknown }).properties).toEqual({
      id: { type: "integer", format: "int64", exclusiveMinimum: 0 },
      name: { type: "string" },
      tag: { type: ["string", "null"] },
    });
    expect(danglingRefs(result)).toEqual([]);
    await expectValidOpenAPI(result);
  });
});
