/**
 * The Twilio corpus (55 real OpenAPI 3.0.x documents, 1,447 operations): what strict merge
 * rejects, the createMerge options that merge all of it, and a split-and-merge round trip.
 * Loaded once for the whole file.
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { createMerge, merge, type OpenAPIDocument, type OperationObject, type PathItemObject } from "specloom";
import { danglingRefs, expectValidOpenAPI, isDeepFrozen, isNothingFrozen } from "../helpers/document";
import { METHODS, errorOf, loadTwilio, operationsOf, refsOf, snapshot } from "./fixtures";

const corpus = loadTwilio();
const documents = corpus.map((entry) => entry.document);
const [base, ...sources] = documents as [OpenAPIDocument, ...OpenAPIDocument[]];
const indexOf = (file: string) => corpus.findIndex((entry) => entry.file === file);

/** Each product under its own host's name: https://chat.twilio.com/v2/... becomes /chat/v2/... */
const hostPrefix = (document: OpenAPIDocument) => "/" + new URL(document.servers?.[0]?.url ?? "").hostname.split(".")[0];

describe("Twilio corpus", () => {
  it("has the shape these tests rely on", () => {
    expect(corpus).toHaveLength(55);
    expect(documents.reduce((n, d) => n + operationsOf(d).length, 0)).toBe(1447);
    expect(corpus[0]?.file).toBe("twilio_accounts_v1.json");
    expect(corpus[1]?.file).toBe("twilio_api_v2010.json");
  });

  it("has the figures docs/merge.md gives for it", () => {
    /** How many keys occur in more than one document, and how many occurrences each has beyond its first document's. */
    const repeats = (keysOf: (document: OpenAPIDocument) => string[]) => {
      const documentsOf = new Map<string, number[]>();
      documents.forEach((document, index) => {
        for (const key of keysOf(document)) documentsOf.set(key, [...(documentsOf.get(key) ?? []), index]);
      });
      const repeated = [...documentsOf.values()].filter((list) => new Set(list).size > 1);
      return { keys: repeated.length, beyondFirst: repeated.reduce((n, list) => n + list.filter((i) => i !== list[0]).length, 0) };
    };
    expect(repeats(operationsOf)).toEqual({ keys: 117, beyondFirst: 167 });
    const ids = (document: OpenAPIDocument) => Object.values(document.paths).flatMap((item) => METHODS.flatMap((m) => (item[m]?.operationId ? [item[m].operationId] : [])));
    expect(repeats(ids)).toEqual({ keys: 136, beyondFirst: 306 });
    // Schema names in several documents, and copies that differ from the first document's.
    const copies = new Map<string, unknown[]>();
    for (const document of documents) for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) copies.set(name, [...(copies.get(name) ?? []), schema]);
    const shared = [...copies.values()].filter((list) => list.length > 1);
    const differing = shared.map((list) => list.slice(1).filter((copy) => !isDeepStrictEqual(copy, list[0])).length).filter((n) => n > 0);
    expect([copies.size, shared.length, differing.length, differing.reduce((a, b) => a + b, 0)]).toEqual([1232, 32, 22, 36]);
    // accountSid_authToken in 54 documents; the 55th (twilio_iam_organizations.json) has only OAuth.
    const withScheme = documents.filter((d) => d.components?.securitySchemes?.accountSid_authToken !== undefined);
    expect(withScheme).toHaveLength(54);
    expect(documents.indexOf(documents.find((d) => !withScheme.includes(d)) as OpenAPIDocument)).toBe(indexOf("twilio_iam_organizations.json"));
  });

  it("strict merge of all 55 reports every conflict in one error: each repeated operation, template, operationId and component, paths first", () => {
    const error = errorOf(() => merge(base, ...sources));
    const conflicts = error.conflicts ?? [];
    const count = (test: (location: string) => boolean) => conflicts.filter((conflict) => test(conflict.location)).length;
    const isOperation = (location: string) => /^paths\[.*\]\.(get|put|post|delete|options|head|patch|trace)$/.test(location);
    const isOperationId = (location: string) => location.endsWith(".operationId");
    const isTemplate = (location: string) => /^paths\[[^\]]*\]$/.test(location);
    // The figures the test above checks against the documents: 167 operations beyond their first document, 306 operationIds.
    expect(count(isOperation)).toBe(167);
    expect(count(isOperationId)).toBe(306);
    // Paths that differ from an earlier document's only in parameter names, counted independently.
    const templates = new Map<string, { key: string; index: number }>();
    const keys = new Set<string>();
    let templateClashes = 0;
    documents.forEach((document, index) => {
      for (const key of Object.keys(document.paths)) {
        if (keys.has(key)) continue;
        keys.add(key);
        const template = key.replace(/\{[^}]*\}/g, "{}");
        const prior = templates.get(template);
        if (prior === undefined) templates.set(template, { key, index });
        else if (prior.index !== index) templateClashes++;
      }
    });
    expect(templateClashes).toBeGreaterThan(0);
    expect(count(isTemplate)).toBe(templateClashes);
    // Each component name again in a later document: strict merge refuses even identical ones.
    let componentRepeats = 0;
    const seen = new Set<string>();
    for (const document of documents) {
      for (const [kind, map] of Object.entries(document.components ?? {})) {
        for (const name of Object.keys(map as object)) {
          if (seen.has(`${kind} ${name}`)) componentRepeats++;
          seen.add(`${kind} ${name}`);
        }
      }
    }
    expect(count((location) => location.startsWith("components."))).toBe(componentRepeats);
    expect(conflicts).toHaveLength(167 + 306 + templateClashes + componentRepeats);
    // 53 sources repeat the accountSid_authToken scheme of the base (the 55th document has only OAuth).
    expect(count((location) => location === "components.securitySchemes.accountSid_authToken")).toBe(53);
    expect(conflicts).toContainEqual({
      code: "DUPLICATE_SCHEMA",
      location: "components.securitySchemes.accountSid_authToken",
      message:
        'components.securitySchemes.accountSid_authToken: security scheme "accountSid_authToken" is defined by both base ("Twilio - Accounts") and sources[0] ("Twilio - Api") (identical; createMerge({ components: "share-identical" }) keeps one)',
    });
    // In SPEC.md 4.2's table order: paths (operations and templates), their operationIds, then schemas, then security schemes.
    const rank = (location: string) => (isOperationId(location) ? 1 : location.startsWith("paths") ? 0 : location.startsWith("components.schemas") ? 2 : location.startsWith("components.securitySchemes") ? 3 : 4);
    const ranks = conflicts.map((conflict) => rank(conflict.location));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(error.code).toBe("DUPLICATE_PATH");
    expect(error.location).toBe(conflicts[0]?.location);
    expect(error.message.split("\n")).toEqual(conflicts.map((conflict) => conflict.message));
  });

  it("the issue's option set (share-identical components, path prefixes, per-path servers) cannot merge it: operationIds repeat, then schemas differ", () => {
    const options = { components: "share-identical", pathPrefix: hostPrefix, servers: "per-path" } as const;
    const ids = errorOf(() => createMerge(options)(base, ...sources));
    expect(ids.code).toBe("DUPLICATE_PATH");
    expect(ids.conflicts?.[0]?.message).toBe(
      'paths["/assistants/v1/Assistants/{id}/Messages"].post.operationId: sources[1] ("Twilio - Assistants") gives this operation the operationId "CreateMessage", which paths["/api/2010-04-01/Accounts/{AccountSid}/Messages.json"].post of sources[0] ("Twilio - Api") already has; operationIds must be unique (createMerge({ operationIds: "rename" }) renames the later one)',
    );

    // The 306 operationIds, then the 36 schema copies that differ from the first (the figure checked above).
    expect(ids.conflicts?.filter((conflict) => conflict.code === "DUPLICATE_PATH")).toHaveLength(306);
    expect(ids.conflicts?.filter((conflict) => conflict.code === "DUPLICATE_SCHEMA")).toHaveLength(36);

    // Renaming the operationIds is not enough either: 36 schemas differ.
    const schemas = errorOf(() => createMerge({ ...options, operationIds: "rename" })(base, ...sources));
    expect(schemas.code).toBe("DUPLICATE_SCHEMA");
    expect(schemas.conflicts).toHaveLength(36);
    const chat1 = indexOf("twilio_chat_v1.json");
    const chat2 = indexOf("twilio_chat_v2.json");
    expect(schemas.conflicts?.[0]?.message).toBe(
      `components.schemas.role_enum_role_type: schema "role_enum_role_type" is defined by both sources[${chat1 - 1}] ("Twilio - Chat") and sources[${chat2 - 1}] ("Twilio - Chat") (with different content; createMerge({ components: "rename" }) keeps both, renaming the later one)`,
    );
    // The schema it names really differs between the two documents.
    const a = documents[chat1]?.components?.schemas?.role_enum_role_type;
    const b = documents[chat2]?.components?.schemas?.role_enum_role_type;
    expect(a).toBeDefined();
    expect(isDeepStrictEqual(a, b)).toBe(false);
  });

  describe("createMerge for the whole corpus", () => {
    const twilio = createMerge({ components: "rename", operationIds: "rename", pathPrefix: hostPrefix, servers: "per-path", security: "per-operation" });
    const before = snapshot(documents);
    const started = performance.now();
    const result = twilio(base, ...sources);
    const elapsed = performance.now() - started;

    /** What an independent pass over the corpus says the schemas should be. */
    const firstSchema = new Map<string, unknown>();
    const differing: { file: string; name: string }[] = [];
    for (const { file, document } of corpus) {
      for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
        if (!firstSchema.has(name)) firstSchema.set(name, schema);
        else if (!isDeepStrictEqual(firstSchema.get(name), schema)) differing.push({ file, name });
      }
    }
    const schemaNames = Object.keys(result.components?.schemas ?? {});
    const renamedTo = new Map(schemaNames.filter((n) => !firstSchema.has(n)).map((n) => [n, /^[A-Za-z0-9]+_(.+)$/.exec(n)?.[1] as string]));

    it("merges all 55 into one valid document whose every $ref resolves", async () => {
      expect(elapsed).toBeLessThan(10_000);
      expect(danglingRefs(result)).toEqual([]);
      await expectValidOpenAPI(result);
    });

    it("contains all 1,447 operations, each under its product's prefix", () => {
      const expected = corpus.flatMap(({ document }) => operationsOf(document).map((o) => o.replace(" ", ` ${hostPrefix(document)}`)));
      expect(operationsOf(result).sort()).toEqual(expected.sort());
      expect(expected).toHaveLength(1447);
    });

    it("shares identical components and renames exactly the 36 schema copies that differ (22 names)", () => {
      const schemes = new Map<string, unknown>();
      for (const { document } of corpus) {
        for (const [name, scheme] of Object.entries(document.components?.securitySchemes ?? {})) {
          if (schemes.has(name)) expect(scheme).toEqual(schemes.get(name));
          else schemes.set(name, scheme);
        }
      }
      expect(result.components?.securitySchemes).toEqual(Object.fromEntries(schemes));
      expect(schemes.size).toBe(4);
      expect(differing).toHaveLength(36);
      expect(new Set(differing.map((d) => d.name)).size).toBe(22);
      expect(schemaNames).toHaveLength(firstSchema.size + differing.length);
      expect([...renamedTo.values()].sort()).toEqual(differing.map((d) => d.name).sort());
      // The second "Twilio - Chat" document is TwilioChat2_; "Twilio - Alarms" is twilio_monitor_v2.json.
      const chat2 = documents[indexOf("twilio_chat_v2.json")] as OpenAPIDocument;
      expect(result.components?.schemas?.TwilioChat2_role_enum_role_type).toEqual(chat2.components?.schemas?.role_enum_role_type);
      const uses = refsOf(chat2).filter((r) => r === "#/components/schemas/role_enum_role_type").length;
      expect(uses).toBeGreaterThan(0);
      expect(refsOf(result).filter((r) => r === "#/components/schemas/TwilioChat2_role_enum_role_type")).toHaveLength(uses);
      expect(result.components?.schemas?.TwilioAlarms_TwilioServiceErrorResponse).toEqual(documents[indexOf("twilio_monitor_v2.json")]?.components?.schemas?.TwilioServiceErrorResponse);
    });

    it("keeps every operation as it was, but for renamed ids and references and the copied security", () => {
      const oauth = indexOf("twilio_iam_organizations.json");
      let renamedIds = 0;
      let securityCopied = 0;
      corpus.forEach(({ document }, index) => {
        for (const [path, item] of Object.entries(document.paths)) {
          for (const method of METHODS) {
            const original = item[method];
            if (!original) continue;
            const merged = result.paths[hostPrefix(document) + path]?.[method] as OperationObject;
            const normal = JSON.parse(JSON.stringify(merged).replace(/"#\/components\/schemas\/([^"/]+)/g, (all, name: string) => (renamedTo.has(name) ? `"#/components/schemas/${renamedTo.get(name)}` : all)));
            if (normal.operationId !== original.operationId) {
              expect(normal.operationId.endsWith(`_${original.operationId}`)).toBe(true);
              normal.operationId = original.operationId;
              renamedIds++;
            }
            if (index === oauth && !original.security) {
              expect(normal.security).toEqual([{ oAuth2ClientCredentials: [] }]);
              delete normal.security;
              securityCopied++;
            }
            expect(normal).toEqual(original);
          }
        }
      });
      expect(renamedIds).toBe(306);
      expect(securityCopied).toBe(11);
    });

    it("puts each product's servers on its path items that had none", () => {
      let added = 0;
      for (const { document } of corpus) {
        const rootDiffers = !isDeepStrictEqual(document.servers, base.servers);
        for (const [path, item] of Object.entries(document.paths)) {
          const merged = result.paths[hostPrefix(document) + path] as PathItemObject;
          const expected = item.servers ?? (rootDiffers ? document.servers : undefined);
          if (!item.servers && rootDiffers) added++;
          expect(merged.servers).toEqual(expected);
        }
      }
      expect(added).toBeGreaterThan(0);
    });

    it("leaves the corpus as it was, unfrozen, and returns a deeply frozen document", () => {
      expect(documents).toEqual(before);
      expect(documents.every((d) => isNothingFrozen(d))).toBe(true);
      expect(isDeepFrozen(result)).toBe(true);
    });

    it("gives byte-identical output for the same inputs", () => {
      expect(JSON.stringify(twilio(base, ...sources))).toBe(JSON.stringify(result));
    });
  });

  it("splitting twilio_api_v2010.json by tag and merging the parts back with share-identical gives its paths and components", async () => {
    const original = documents[indexOf("twilio_api_v2010.json")] as OpenAPIDocument;
    const parts = splitByTag(original);
    expect(parts.length).toBeGreaterThan(20);
    // Three paths have operations of two tags: their parts are joined back into one path item.
    const pathsInParts = parts.flatMap((part) => Object.keys(part.paths));
    expect(pathsInParts.length - new Set(pathsInParts).size).toBe(3);
    expect(errorOf(() => merge(...(parts as [OpenAPIDocument, ...OpenAPIDocument[]]))).code).toBe("DUPLICATE_SCHEMA");
    const result = createMerge({ components: "share-identical" })(...(parts as [OpenAPIDocument, ...OpenAPIDocument[]]));
    expect(result.paths).toEqual(original.paths);
    expect(result.components).toEqual(original.components);
    expect(result.servers).toEqual(original.servers);
    expect(result.security).toEqual(original.security);
    expect(new Set(result.tags)).toEqual(new Set(original.tags));
    await expectValidOpenAPI(result);
  });
});

/**
 * One document per tag (untagged operations together), each with the components its
 * operations reach; path items without operations, and tags and components nothing uses,
 * go to the first part.
 */
function splitByTag(document: OpenAPIDocument): OpenAPIDocument[] {
  const groups = new Map<string, Record<string, PathItemObject>>();
  const withoutOperations: Record<string, PathItemObject> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const fields = Object.fromEntries(Object.entries(item).filter(([key]) => !(METHODS as readonly string[]).includes(key)));
    if (Object.keys(fields).length === Object.keys(item).length) withoutOperations[path] = structuredClone(item);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "(untagged)";
      if (!groups.has(tag)) groups.set(tag, {});
      const paths = groups.get(tag) as Record<string, PathItemObject>;
      paths[path] ??= structuredClone(fields) as PathItemObject;
      (paths[path] as Record<string, unknown>)[method] = structuredClone(operation);
    }
  }
  const all = document.components as Record<string, Record<string, unknown>>;
  const used = new Set<string>();
  const parts = [...groups].map(([tag, paths]) => {
    const components: Record<string, Record<string, unknown>> = { securitySchemes: structuredClone(all.securitySchemes ?? {}) };
    const queue = refsOf(paths);
    for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
      const [, , kind, name] = ref.split("/") as [string, string, string, string];
      if ((components[kind] ??= {})[name] !== undefined) continue;
      components[kind][name] = structuredClone(all[kind]?.[name]);
      used.add(`${kind}/${name}`);
      queue.push(...refsOf(all[kind]?.[name]));
    }
    return { ...document, info: structuredClone(document.info), tags: document.tags?.filter((t) => t.name === tag), paths, components } as OpenAPIDocument;
  });
  Object.assign((parts[0] as OpenAPIDocument).paths, withoutOperations);
  (parts[0] as OpenAPIDocument).tags?.push(...(document.tags ?? []).filter((t) => !groups.has(t.name)));
  const first = parts[0]?.components as Record<string, Record<string, unknown>>;
  for (const [kind, map] of Object.entries(all)) {
    for (const [name, value] of Object.entries(map)) if (!used.has(`${kind}/${name}`)) (first[kind] ??= {})[name] = structuredClone(value);
  }
  return parts;
}
