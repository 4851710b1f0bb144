/**
 * Rules OpenAPI sets between the fields of an object (a security scheme's type decides its
 * fields, a Header has a schema or a content map...) and the formats of URL and email
 * fields. Each broken input is INVALID_DEFINITION at the field, in both versions, and the
 * same input mended gives a valid document: the rule is there because the validator (or
 * the specification's own text, where its schema is looser) rejects the broken form.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { openapi, type SpecloomDefinition } from "specloom";
import { expectValidOpenAPI } from "../helpers/document";
import { catchError } from "../helpers/errors";

type Parts = Partial<SpecloomDefinition>;

interface Case {
  name: string;
  broken: Parts;
  mended: Parts;
  at: string;
  message: RegExp;
  /** Only these versions have the rule (3.0 has no mutualTLS; 3.1 has license identifiers). */
  versions?: ("3.0.3" | "3.1.0")[];
}

const info = { title: "Rules", version: "1" };
const ok = { 200: null };
const scheme = (value: unknown): Parts => ({ securitySchemes: { k: value as never }, security: [{ k: [] }] });
const response = (value: unknown): Parts => ({ paths: { "GET /a": { 200: value as never } } });

const cases: Case[] = [
  { name: "contact email", broken: { info: { ...info, contact: { email: "pets team" } } }, mended: { info: { ...info, contact: { email: "pets@example.com" } } }, at: "info.contact.email", message: /expected an email address, found "pets team"/ },
  { name: "terms of service URL", broken: { info: { ...info, termsOfService: "see our terms" } }, mended: { info: { ...info, termsOfService: "https://example.com/terms" } }, at: "info.termsOfService", message: /expected a URL/ },
  { name: "external docs URL", broken: { externalDocs: { url: "https://exa mple.com" } }, mended: { externalDocs: { url: "https://example.com" } }, at: "externalDocs.url", message: /expected a URL/ },
  { name: "apiKey without a name", broken: scheme({ type: "apiKey", in: "header" }), mended: scheme({ type: "apiKey", in: "header", name: "X-Key" }), at: "securitySchemes.k.name", message: /required field of an apiKey security scheme is missing/ },
  { name: "http without a scheme", broken: scheme({ type: "http" }), mended: scheme({ type: "http", scheme: "basic" }), at: "securitySchemes.k.scheme", message: /required field of an http security scheme/ },
  { name: "oauth2 without flows", broken: scheme({ type: "oauth2" }), mended: scheme({ type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: {} } } }), at: "securitySchemes.k.flows", message: /required field of an oauth2 security scheme/ },
  { name: "openIdConnect without its URL", broken: scheme({ type: "openIdConnect" }), mended: scheme({ type: "openIdConnect", openIdConnectUrl: "https://auth.example.com/.well-known/openid-configuration" }), at: "securitySchemes.k.openIdConnectUrl", message: /required field of an openIdConnect security scheme/ },
  { name: "a field of another scheme type", broken: scheme({ type: "apiKey", in: "header", name: "X-Key", scheme: "bearer" }), mended: scheme({ type: "apiKey", in: "header", name: "X-Key" }), at: "securitySchemes.k.scheme", message: /does not apply to an apiKey security scheme/ },
  { name: "bearerFormat beside another http scheme", broken: scheme({ type: "http", scheme: "basic", bearerFormat: "JWT" }), mended: scheme({ type: "http", scheme: "bearer", bearerFormat: "JWT" }), at: "securitySchemes.k.bearerFormat", message: /applies only to the "bearer" scheme/ },
  { name: "an implicit flow without its authorization URL", broken: scheme({ type: "oauth2", flows: { implicit: { scopes: {} } } }), mended: scheme({ type: "oauth2", flows: { implicit: { authorizationUrl: "https://auth.example.com/authorize", scopes: {} } } }), at: "securitySchemes.k.flows.implicit.authorizationUrl", message: /required field of the implicit flow/ },
  { name: "an implicit flow with a token URL", broken: scheme({ type: "oauth2", flows: { implicit: { authorizationUrl: "https://a.example.com/authorize", tokenUrl: "https://a.example.com/token", scopes: {} } } }), mended: scheme({ type: "oauth2", flows: { authorizationCode: { authorizationUrl: "https://a.example.com/authorize", tokenUrl: "https://a.example.com/token", scopes: {} } } }), at: "securitySchemes.k.flows.implicit.tokenUrl", message: /the implicit flow has no tokenUrl/ },
  { name: "mutualTLS in 3.0.3", broken: scheme({ type: "mutualTLS" }), mended: scheme({ type: "http", scheme: "bearer" }), at: "securitySchemes.k.type", message: /needs OpenAPI 3\.1\.0/, versions: ["3.0.3"] },
  { name: "a license with an identifier and a URL", broken: { info: { ...info, license: { name: "MIT", identifier: "MIT", url: "https://opensource.org/licenses/MIT" } } }, mended: { info: { ...info, license: { name: "MIT", identifier: "MIT" } } }, at: "info.license.identifier", message: /an identifier or a url, not both/, versions: ["3.1.0"] },
  { name: "an empty server variable enum", broken: { servers: [{ url: "https://{region}.example.com", variables: { region: { default: "eu", enum: [] } } }] }, mended: { servers: [{ url: "https://{region}.example.com", variables: { region: { default: "eu", enum: ["eu"] } } }] }, at: "servers[0].variables.region.enum", message: /at least one value/ },
  { name: "a server variable default outside its enum", broken: { servers: [{ url: "https://{region}.example.com", variables: { region: { default: "asia", enum: ["eu", "us"] } } }] }, mended: { servers: [{ url: "https://{region}.example.com", variables: { region: { default: "eu", enum: ["eu", "us"] } } }] }, at: "servers[0].variables.region.default", message: /one of the enum's values \("eu", "us"\)/ },
  { name: "a tag listed twice", broken: { tags: [{ name: "pets" }, { name: "pets", description: "again" }] }, mended: { tags: [{ name: "pets", description: "again" }] }, at: "tags[1].name", message: /already listed at tags\[0\]/ },
  { name: "a header without a schema", broken: response({ description: "OK", headers: { "X-Rate": { description: "Calls left" } } }), mended: response({ description: "OK", headers: { "X-Rate": { description: "Calls left", schema: z.number().int() } } }), at: 'paths["GET /a"][200].headers["X-Rate"]', message: /a Header needs a schema/ },
  { name: "a header with a schema and content", broken: response({ description: "OK", headers: { "X-Rate": { schema: z.number(), content: { "text/plain": {} } } } }), mended: response({ description: "OK", headers: { "X-Rate": { content: { "text/plain": {} } } } }), at: 'paths["GET /a"][200].headers["X-Rate"]', message: /a schema or a content map, not both/ },
  { name: "an example with a value and an external value", broken: response({ schema: z.string(), examples: { a: { value: "x", externalValue: "https://example.com/a.json" } } }), mended: response({ schema: z.string(), examples: { a: { externalValue: "https://example.com/a.json" } } }), at: 'paths["GET /a"][200].examples.a.externalValue', message: /a value or an externalValue, not both/ },
  { name: "example and examples together", broken: response({ schema: z.string(), example: "x", examples: { a: { value: "y" } } }), mended: response({ schema: z.string(), examples: { a: { value: "y" } } }), at: 'paths["GET /a"][200].examples', message: /example or examples, not both/ },
  { name: "a response description that is not a string", broken: response({ description: 404, schema: z.string() }), mended: response({ description: "Found", schema: z.string() }), at: 'paths["GET /a"][200].description', message: /expected a string, found a number \(404\)/ },
];

describe.each(["3.0.3", "3.1.0"] as const)("object rules in %s", (version) => {
  it.each(cases.filter((c) => !c.versions || c.versions.includes(version)))("$name", async ({ broken, mended, at, message }) => {
    const definition = (parts: Parts): SpecloomDefinition => ({ openapi: version, info, paths: { "GET /a": ok }, ...parts });
    const error = catchError(() => openapi(definition(broken)));
    expect(error.code).toBe("INVALID_DEFINITION");
    expect(error.location).toBe(at);
    expect(error.message).toMatch(message);
    await expectValidOpenAPI(openapi(definition(mended)));
  });
});
