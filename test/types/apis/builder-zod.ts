/** The shorthand forms through the builder, across calls of both `route()` forms and `schema()`. */
import { z } from "zod";
import { OpenAPI } from "specloom";

const Pet = z.object({ id: z.number().int(), name: z.string(), tag: z.string().optional() });

const base = new OpenAPI({ openapi: "3.0.3", info: { title: "Built", version: "1.0.0" } }).schema("Pet", Pet).schema("Problem", z.object({ title: z.string() }));

/** A second module would add its routes to what it was given, as here. */
function addPetRoutes<T extends typeof base>(api: T) {
  return api
    .route("GET /pets/:petId", { params: z.object({ petId: z.coerce.number().int() }), 200: "Pet", 404: "Problem" })
    .route("DELETE", "/pets/{petId}", { 204: null });
}

export const api = addPetRoutes(base)
  .route("post", "/pets", { body: { schema: Pet.omit({ id: true }), contentType: "application/json" }, 201: Pet })
  .route("GET /pets", { query: z.object({ limit: z.number().int().optional() }) });

export const document = api.document();
