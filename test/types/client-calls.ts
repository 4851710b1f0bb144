/**
 * openapi-fetch calls over \`PathsOf\`: the right arguments type-check, and a wrong path,
 * method, parameter type, missing required parameter or wrong or missing body does not: each
 * such line is an \`@ts-expect-error\`, which is itself an error when the line type-checks.
 */
import type createClient from "openapi-fetch";
import type { PathsOf } from "specloom";
import type { document } from "./apis/shorthand-zod";

type Paths = PathsOf<typeof document>;
type Client = ReturnType<typeof createClient<Paths>>;

/** Never called: what matters is which lines type-check. */
export async function calls(client: Client): Promise<void> {
  await client.GET("/users/{id}", { params: { path: { id: "1" }, header: { "x-request-id": "r" }, query: { expand: true } } });
  await client.PUT("/users/{id}", { params: { path: { id: "1" } }, body: { id: "1", name: "Ada" } });
  await client.PATCH("/users/{id}", { params: { path: { id: "1" } } });
  await client.POST("/users", { params: { query: { dryRun: true } }, body: { name: "Ada" } });
  await client.GET("/health");

  // @ts-expect-error a path the definition does not have
  await client.GET("/user/{id}", { params: { path: { id: "1" }, header: { "x-request-id": "r" } } });
  // @ts-expect-error a method the path does not have
  await client.POST("/health", {});
  // @ts-expect-error QUERY is a 3.2 method openapi-fetch cannot call
  await client.QUERY("/users", { body: { name: "Ada" } });
  // @ts-expect-error a parameter of the wrong type
  await client.GET("/users/{id}", { params: { path: { id: 1 }, header: { "x-request-id": "r" } } });
  // @ts-expect-error a missing required header
  await client.GET("/users/{id}", { params: { path: { id: "1" } } });
  // @ts-expect-error a missing required query parameter
  await client.POST("/users", { params: { query: {} }, body: { name: "Ada" } });
  // @ts-expect-error a body of the wrong type
  await client.PUT("/users/{id}", { params: { path: { id: "1" } }, body: { id: "1", name: 2 } });
  // @ts-expect-error a missing required body
  await client.PUT("/users/{id}", { params: { path: { id: "1" } } });
  // @ts-expect-error a body for an operation that takes none
  await client.DELETE("/users/{id}", { params: { path: { id: "1" } }, body: { id: "1" } });
}
