/**
 * The users API every framework test serves: each request part typed by a schema whose
 * output differs from its input (a transform, a default), so a handler that reads the part
 * typed and unchanged would show it; and responses declared per status, for the response checks.
 */
import { z } from "zod";

export const User = z.object({ id: z.number().int(), name: z.string() });

export const definition = {
  info: { title: "Users", version: "1" },
  paths: {
    "GET /users/{id}": {
      params: z.object({ id: z.number().int() }),
      query: z.object({ limit: z.number().int().max(50).default(20), tags: z.array(z.string()).optional() }),
      headers: z.object({ "x-trace": z.string().transform((trace) => trace.toUpperCase()) }),
      cookies: z.object({ session: z.string().optional() }),
      200: User,
      404: null,
    },
    "POST /users": {
      body: z.object({ name: z.string().min(1), tags: z.string().transform((tags) => tags.split(",")).optional() }),
      201: User,
    },
    "GET /users": { 200: z.array(User) },
  },
} as const;

/** The fields of a JSON request, for `fetch`. */
export const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
