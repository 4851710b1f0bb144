/**
 * The petstore as a module for the `specloom` command: its default export is a definition,
 * which the command turns into a document. It prints nothing.
 *
 *   npx specloom generate examples/petstore.ts
 *   npx specloom generate examples/petstore.ts -o openapi.yaml
 *   npx specloom preview examples/petstore.ts
 */
import { z } from "zod";
import type { SpecloomDefinition } from "specloom";

const Pet = z.object({
  id: z.number().int(),
  name: z.string(),
  tag: z.string().optional(),
});

const NewPet = z.object({
  name: z.string().min(1),
  tag: z.string().optional(),
});

const Problem = z.object({
  title: z.string(),
  status: z.number().int(),
});

export default {
  info: { title: "Petstore", version: "1.0.0", description: "Pets, as the OpenAPI examples have them." },
  servers: [{ url: "https://petstore.example.com/v1" }],
  tags: [{ name: "pets", description: "Everything about pets" }],
  securitySchemes: { apiKey: { type: "apiKey", name: "X-API-Key", in: "header" } },
  schemas: { Pet, NewPet, Problem },
  paths: {
    "GET /pets": {
      summary: "List pets",
      tags: ["pets"],
      security: [],
      query: z.object({ limit: z.number().int().min(1).max(100).optional() }),
      200: z.array(Pet),
    },
    "POST /pets": {
      summary: "Add a pet",
      tags: ["pets"],
      security: [{ apiKey: [] }],
      body: NewPet,
      201: Pet,
      400: Problem,
    },
    "GET /pets/{petId}": {
      summary: "Find a pet by its id",
      tags: ["pets"],
      security: [],
      params: z.object({ petId: z.string() }),
      200: Pet,
      404: Problem,
    },
    "DELETE /pets/{petId}": {
      summary: "Remove a pet",
      tags: ["pets"],
      security: [{ apiKey: [] }],
      params: z.object({ petId: z.string() }),
      204: null,
      404: Problem,
    },
  },
} satisfies SpecloomDefinition;
