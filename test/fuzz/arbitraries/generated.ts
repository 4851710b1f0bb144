/**
 * Documents openapi() returned, as merge inputs: deeply frozen, sharing subtrees, with the
 * pool's hostile names as schema names, paths and operationIds, so they collide with the
 * random skeletons. Built once: a produced document never changes.
 */
import { type } from "arktype";
import { z } from "zod";
import { openapi, type OpenAPIDocument } from "specloom";

function zodDocument(version: "3.0.3" | "3.1.0"): OpenAPIDocument {
  const Pet = z.object({ id: z.number().int(), name: z.string().nullable(), tag: z.string().optional() });
  return openapi({
    openapi: version,
    info: { title: `Zod ${version}`, version: "1" },
    schemas: Object.fromEntries([["__proto__", Pet], ["User", z.object({ constructor: z.string() })]]),
    paths: {
      "GET /users/{id}": { params: z.object({ id: z.string() }), 200: "User", 404: null },
      "POST /__proto__": { operationId: "constructor", body: Pet, 201: Pet },
    },
  });
}

function arkDocument(version: "3.0.3" | "3.1.0"): OpenAPIDocument {
  const Node = type({ name: "string", "children?": "this[]" });
  return openapi({
    openapi: version,
    info: { title: "A", version: "1" },
    schemas: { Pet: Node },
    paths: { "GET /a": { operationId: "list", 200: Node.array() }, "DELETE /constructor": { 204: null } },
  });
}

const documents = [zodDocument("3.0.3"), zodDocument("3.1.0"), arkDocument("3.0.3"), arkDocument("3.1.0")];

export function generatedDocument(index: number): OpenAPIDocument {
  return documents[index % documents.length] as OpenAPIDocument;
}
