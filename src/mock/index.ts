/**
 * specloom/mock: a mock server from a definition or an OpenAPI document, as one Web-standard
 * handler (Request in, Response out; no Node built-in, so it runs in Node, Bun, Deno, Workers
 * and inside MSW).
 */
export { mockHandler, type MockHandler, type MockHandlerOptions, type MockInput } from "./mock-handler";
