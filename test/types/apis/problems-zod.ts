/** An API documented with `problemResponses()`: the typed-paths test compares its Problem responses with openapi-typescript's. */
import { z } from "zod";
import { openapi } from "specloom";
import { problemResponses } from "specloom/http";

const Pet = z.object({ id: z.number().int(), name: z.string() });

export const document = openapi({
  info: { title: "Problems", version: "1.0.0" },
  plugins: [problemResponses()],
  paths: {
    "GET /pets/{id}": { params: z.object({ id: z.number().int() }), 200: Pet, 404: { description: "No such pet" } },
    "POST /pets": { body: z.object({ name: z.string() }), 201: Pet },
    "DELETE /pets/{id}": { params: z.object({ id: z.number().int() }), 204: null, "4XX": { description: "Refused" } },
  },
});
