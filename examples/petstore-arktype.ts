import { type } from "arktype";
import { openapi } from "specloom";

const Pet = type({
  id: "number.integer",
  name: "string",
  "tag?": "string",
});

const document = openapi({
  info: { title: "Petstore", version: "1.0.0" },
  schemas: { Pet },
  paths: {
    "GET /pets": {
      summary: "List pets",
      query: type({ "limit?": "number.integer <= 100" }),
      200: Pet.array(),
    },
    "POST /pets": {
      body: type({ name: "string", "tag?": "string" }),
      201: Pet,
    },
    "GET /pets/{petId}": {
      params: type({ petId: "string" }),
      200: Pet,
      404: null,
    },
  },
});

console.log(JSON.stringify(document, null, 2));
