import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { openapi } from "specloom";

const PetSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  tag: v.optional(v.string()),
});
const Pet = toStandardJsonSchema(PetSchema);

const document = openapi({
  info: { title: "Petstore", version: "1.0.0" },
  schemas: { Pet },
  paths: {
    "GET /pets": {
      summary: "List pets",
      query: toStandardJsonSchema(v.object({ limit: v.optional(v.pipe(v.number(), v.integer(), v.maxValue(100))) })),
      200: toStandardJsonSchema(v.array(PetSchema)),
    },
    "POST /pets": {
      body: toStandardJsonSchema(v.object({ name: v.string(), tag: v.optional(v.string()) })),
      201: Pet,
    },
    "GET /pets/{petId}": {
      params: toStandardJsonSchema(v.object({ petId: v.string() })),
      200: Pet,
      404: null,
    },
  },
});

console.log(JSON.stringify(document, null, 2));
