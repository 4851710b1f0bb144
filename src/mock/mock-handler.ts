/**
 * mockHandler(): a Web-standard handler that answers as the document says the API would.
 * Each request is checked by requestValidator (the same 400/404/405/413/415 answers); a
 * valid one gets a declared response (./response-choice.ts), in the media type `Accept`
 * asks for, with its example or a value generated from its schema (src/values), and its
 * required headers. Static answers are made once per response and seed and kept.
 */
import { SpecloomError, describeValue } from "../errors";
import { apiSource } from "../http/api-source";
import { resolverFor, type Resolve } from "../http/json-schema";
import { requestValidator } from "../http/request-validator";
import type { Validate, ValidatorDefinition } from "../http/types";
import { getOwn, isObject, isPlainObject, type JsonObject } from "../internal/own";
import { operationKeys, routeMethod } from "../internal/http-methods";
import type { OpenAPIDocument } from "../types/document";
import { isJsonMedia, negotiate } from "./accept";
import { bodyOf } from "./body";
import { exampleOf, type Example } from "./examples";
import { requiredHeaders } from "./headers";
import { preferenceApplied, readPrefer, type Preferences } from "./prefer";
import { mockProblem } from "./problem";
import { chooseResponse, type ChosenResponse } from "./response-choice";
import { ResponseValues } from "./response-values";

/** What the mock serves: a definition (as given to `openapi()`), an `OpenAPI` builder, or an OpenAPI document. */
export type MockInput = ValidatorDefinition | OpenAPIDocument;

export interface MockHandlerOptions {
  /** Seeds every generated value: the same seed and document, the same answers. Default 0. */
  seed?: number;
  /** A new value for every request, as `Prefer: dynamic=true` asks for one request. Default false. */
  dynamic?: boolean;
  /** The largest request body read, in bytes (requestValidator's option). Default 1 MiB. */
  bodyLimit?: number;
}

export type MockHandler = (request: Request) => Promise<Response>;

/** A response made ready: what every request that asks for it gets. */
interface Answer {
  readonly status: number;
  readonly headers: readonly [string, string][];
  readonly body: string | FormData | null;
  /** The same for every request that decides it the same way (not dynamic). */
  readonly static?: boolean;
}

/** Draws a static answer is chosen from (the fullest valid one). */
const STATIC_CHOICES = 4;

/** Decisions kept at most: then the map starts again. */
const MAX_DECISIONS = 1024;

/** RFC 9110: these statuses have no content. */
const NO_CONTENT = new Set([101, 204, 205, 304]);

function checkedOptions(options: unknown): Required<Pick<MockHandlerOptions, "seed" | "dynamic">> & Pick<MockHandlerOptions, "bodyLimit"> {
  if (!isPlainObject(options)) throw new SpecloomError("INVALID_DEFINITION", "mockHandler options", `expected { seed?, dynamic?, bodyLimit? }, found ${describeValue(options)}`);
  for (const key of Object.keys(options)) {
    if (!["seed", "dynamic", "bodyLimit"].includes(key)) throw new SpecloomError("INVALID_DEFINITION", `mockHandler options.${key}`, "unknown option (expected seed, dynamic or bodyLimit)");
  }
  const seed = options.seed ?? 0;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed)) throw new SpecloomError("INVALID_DEFINITION", "mockHandler options.seed", `expected a whole number, found ${describeValue(seed)}`);
  const dynamic = options.dynamic ?? false;
  if (typeof dynamic !== "boolean") throw new SpecloomError("INVALID_DEFINITION", "mockHandler options.dynamic", `expected true or false, found ${describeValue(dynamic)}`);
  return { seed, dynamic, ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit as number }) };
}

/** A 32-bit seed from the handler's seed and a text (the response's place, or a request's number). */
function mixSeed(seed: number, text: string): number {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash | 0;
}

/**
 * A handler answering every request as the document (of `input`: a definition, an `OpenAPI`
 * builder or an OpenAPI document) describes. Checks its options at once and throws a
 * SpecloomError naming a wrong one; the handler itself never throws: a response the
 * document makes impossible is a 500 Problem Details naming the response.
 */
export function mockHandler(input: MockInput, options: MockHandlerOptions = {}): MockHandler {
  const { seed, dynamic, bodyLimit } = checkedOptions(options);
  const { document } = apiSource(input, "mockHandler");
  const validate = requestValidator(input, bodyLimit === undefined ? {} : { bodyLimit }) as Validate<unknown>;
  const mock = new Mock(document, seed, dynamic);
  return async (request) => {
    try {
      const result = await validate(request);
      if (!result.ok) return result.response();
      return mock.answer(request, result.route);
    } catch (error) {
      return mockProblem(500, error instanceof SpecloomError ? error.message : "the mock failed to answer this request");
    }
  };
}

class Mock {
  private readonly resolve: Resolve;
  private readonly values: ResponseValues;
  private readonly answers = new Map<string, Answer>();
  /** Static answers by route, Prefer and Accept. */
  private readonly decided = new Map<string, Answer>();
  private requests = 0;

  constructor(
    private readonly document: JsonObject,
    private readonly seed: number,
    private readonly dynamic: boolean,
  ) {
    this.resolve = resolverFor(document);
    this.values = new ResponseValues(document);
  }

  /**
   * The answer to a valid request: a static one is looked up by what decides it (the route,
   * `Prefer` and `Accept` as sent), so a repeated request costs one lookup.
   */
  answer(request: Request, route: string): Response {
    const prefer = request.headers.get("prefer");
    const accept = request.headers.get("accept");
    const decision = `${route}\n${prefer ?? ""}\n${accept ?? ""}`;
    const known = this.decided.get(decision);
    const answer = known ?? this.decide(route, prefer, accept);
    if (answer instanceof Response) return answer;
    if (known === undefined && answer.static) {
      // A client that varies its headers must not grow the map without end.
      if (this.decided.size >= MAX_DECISIONS) this.decided.clear();
      this.decided.set(decision, answer);
    }
    return new Response(request.method === "HEAD" ? null : answer.body, { status: answer.status, headers: answer.headers as [string, string][] });
  }

  private decide(route: string, prefer: string | null, accept: string | null): Answer | Response {
    const read = readPrefer(prefer);
    if ("invalid" in read) return mockProblem(422, read.invalid);
    const preferences = read.preferences;
    const operation = this.operation(route);
    const chosen = chooseResponse(operation === undefined ? undefined : getOwn(operation, "responses"), preferences.code, this.resolve);
    if ("missing" in chosen) return mockProblem(preferences.code === undefined ? 500 : 422, `${route}: ${chosen.missing}`);
    const content = this.resolve(getOwn(chosen.response, "content"));
    const declared = content === undefined ? [] : Object.keys(content);
    const media = declared.length === 0 ? undefined : negotiate(declared, accept);
    if (declared.length > 0 && media === undefined) return mockProblem(406, `${route} answers ${chosen.status} with ${declared.join(", ")}; the request's Accept (${accept}) admits none of them`);
    const dynamic = preferences.dynamic ?? this.dynamic;
    const key = `${route} ${chosen.key} ${chosen.status} ${media ?? ""} ${preferences.example ?? ""}`;
    let answer = dynamic ? undefined : this.answers.get(key);
    if (answer === undefined) {
      const made = this.made(route, chosen, media, media === undefined ? undefined : this.resolve(getOwn(content as JsonObject, media)), preferences, dynamic ? mixSeed(this.seed, `${this.requests++}`) : mixSeed(this.seed, key), dynamic);
      if (made instanceof Response) return made;
      answer = made;
      if (!dynamic) this.answers.set(key, answer);
    }
    const applied = preferenceApplied(preferences);
    const headers = applied === undefined ? answer.headers : [...answer.headers, ["preference-applied", applied] as [string, string]];
    return { ...answer, headers, static: !dynamic };
  }

  private operation(route: string): JsonObject | undefined {
    const space = route.indexOf(" ");
    const method = routeMethod(route.slice(0, space));
    let node: unknown = this.resolve(getOwn(isObject(this.document.paths) ? this.document.paths : {}, route.slice(space + 1)));
    for (const key of method === undefined ? [] : operationKeys(method)) node = isObject(node) ? getOwn(node, key) : undefined;
    return isObject(node) ? node : undefined;
  }

  private made(route: string, chosen: ChosenResponse, media: string | undefined, mediaObject: JsonObject | undefined, preferences: Preferences, seed: number, dynamic: boolean): Answer | Response {
    const where = `${route} ${chosen.key}`;
    const headers = requiredHeaders(chosen.response, this.values.headers, this.resolve, where, seed, dynamic);
    if (media === undefined || NO_CONTENT.has(chosen.status)) return { status: chosen.status, headers, body: null };
    let example: Example | { missing: string } | undefined;
    if (preferences.example !== undefined || !dynamic) example = exampleOf(mediaObject ?? {}, preferences.example, this.resolve);
    if (example !== undefined && "missing" in example) return mockProblem(preferences.example === undefined ? 500 : 422, `${where} ${media}: ${example.missing}`);
    if (example !== undefined && "serialized" in example) return { status: chosen.status, headers: [["content-type", media], ...headers], body: example.serialized };
    const schema = mediaObject === undefined || getOwn(mediaObject, "schema") === undefined ? {} : getOwn(mediaObject, "schema");
    const place = `${where} ${media}`;
    // An example the schema refuses is sent only as what it is: an error, when it was asked for by name.
    let value = example === undefined ? undefined : this.values.example(schema, example.value, place, preferences.example);
    if (value !== undefined && "refused" in value && preferences.example !== undefined) return mockProblem(500, `${place}: ${value.refused}`);
    // A static answer is made once: the fullest of a few draws; a dynamic one is one draw.
    if (value === undefined || "refused" in value) value = this.values.generated(schema, place, seed, (drawn) => isJsonMedia(media) || (drawn !== "" && drawn !== undefined), dynamic ? 1 : STATIC_CHOICES);
    if ("refused" in value) return mockProblem(500, `${place}: ${value.refused}`);
    const body = bodyOf(value.value, media);
    return { status: chosen.status, headers: body.contentType === undefined ? headers : [["content-type", body.contentType], ...headers], body: body.body };
  }
}
