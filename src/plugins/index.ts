/**
 * Built-in plugins: the common cross-cutting needs in one line each.
 *
 * Each acts on path operations only (webhooks are left as defined) and checks its options
 * when it is created: a bad option is a SpecloomError with code INVALID_DEFINITION naming
 * the plugin and the option.
 */
export { bearerAuth, type BearerAuthOptions } from "./bearer-auth";
export { apiKeyAuth, type ApiKeyAuthOptions } from "./api-key-auth";
export { autoTags, type AutoTagsOptions } from "./auto-tags";
export { errorResponses, type ErrorResponseEntry, type ErrorResponsesOptions } from "./error-responses";
export type { RouteExclusion, RoutePattern } from "./route-match";
