import { z } from "zod";
import { openapi } from "specloom";

const Pet = z.object({
  id: z.number().int(),
  name: z.string(),
  tag: z.string().optional(),
});

const document = openapi({
  info: { title: "Petstore", version: "1.0.0" },
  schemas: { Pet },
  paths: {
    "GET /pets": {
      summary: "List pets",
      query: z.object({ limit: z.number().int().max(100).optional() }),
      200: z.array(Pet),
    },
    "POST /pets": {
      body: z.object({ name: z.string(), tag: z.string().optional() }),
      201: Pet,
    },
    "GET /pets/{petId}": {
      params: z.object({ petId: z.string() }),
      200: Pet,
      404: null,
    },
  },
});

console.log(JSON.stringify(document, null, 2));
