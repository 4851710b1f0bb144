/**
 * CORS for a server a browser app calls from another origin (the mock, while a front end
 * runs on its own dev server): every origin may read every answer, and a preflight asks
 * for nothing the server refuses. Web standard, around any handler.
 */
type Handler = (request: Request) => Promise<Response>;

export function withCors(handler: Handler): Handler {
  return async (request) => {
    const origin = request.headers.get("origin");
    const method = request.headers.get("access-control-request-method");
    if (origin !== null && method !== null && request.method === "OPTIONS") {
      const headers = new Headers({ "access-control-allow-origin": "*", "access-control-allow-methods": method, "access-control-max-age": "600", vary: "origin" });
      const asked = request.headers.get("access-control-request-headers");
      if (asked !== null) headers.set("access-control-allow-headers", asked);
      return new Response(null, { status: 204, headers });
    }
    const response = await handler(request);
    if (origin === null) return response;
    const headers = new Headers(response.headers);
    headers.set("access-control-allow-origin", "*");
    headers.set("access-control-expose-headers", "*");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
