/**
 * What every framework's typed routes must do over HTTP, the same for each: the server
 * serves the users API's `GET /users/:id` (answering its validated parts and route as JSON)
 * and `POST /users` (answering the body, 201), each through the framework's `route(key)`.
 */
import { expect, it } from "vitest";
import { json } from "./users-api";

export function routeChecks(server: Promise<string>): void {
  it("hands the handler each part as its schema returned it (coerced, defaulted, transformed)", async () => {
    const response = await fetch(`${await server}/users/12?tags=a&tags=b`, { headers: { "x-trace": "abc", cookie: "session=s1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ params: { id: 12 }, query: { limit: 20, tags: ["a", "b"] }, headers: { "x-trace": "ABC" }, cookies: { session: "s1" }, route: "GET /users/{id}" });
  });

  it("reads the body itself and hands over the schema's output; an undeclared media type is 415", async () => {
    const response = await fetch(`${await server}/users`, json({ name: "Ada", tags: "x,y" }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: "Ada", tags: ["x", "y"] });
    const text = await fetch(`${await server}/users`, { method: "POST", headers: { "content-type": "text/plain" }, body: "Ada" });
    expect(text.status).toBe(415);
  });

  it("answers a refused request with its Problem Details; the handler does not run", async () => {
    const response = await fetch(`${await server}/users/twelve?limit=500`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await response.json()) as { issues: { in: string; name: string }[] };
    expect(problem.issues.map((issue) => `${issue.in} ${issue.name}`).sort()).toEqual(["header x-trace", "path id", "query limit"]);
    expect((await fetch(`${await server}/users`, json({ name: "" }))).status).toBe(400);
  });
}

/**
 * The server's mistakes, answered 500 and never blamed on the client: `base` serves
 * `POST /users` with the body parsed before validation, and `GET /users/:id` validated as
 * its route and then as `"GET /users"`; `errors` collects what the error handler got.
 */
export async function expectServerMistakes(base: string, errors: string[], integration: string): Promise<void> {
  expect((await fetch(`${base}/users`, json({ name: "Ada" }))).status).toBe(500);
  expect(errors[0]).toContain(`${integration}: POST /users: the request body was parsed before validation`);
  expect((await fetch(`${base}/users/3`, { headers: { "x-trace": "t" } })).status).toBe(500);
  expect(errors[1]).toContain('validate(request, "GET /users"): this request was validated already, as GET /users/{id}');
}
