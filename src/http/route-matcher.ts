import type { RouteMethod } from "../types/document";
import type { RouteModel } from "./route-model";
import { matchSegment, segmentTemplate, type SegmentTemplate } from "./segment-template";
import { Malformed, percentDecode } from "./text-decoding";

/** One path of the definition, with its routes by method. */
interface PathGroup {
  readonly path: string;
  readonly methods: Map<RouteMethod, RouteModel>;
  /** Per segment: the literal text, or its template. */
  readonly segments: readonly (string | SegmentTemplate)[];
}

export type Match =
  | { found: RouteModel; raw: Map<string, string> }
  | { found: undefined; allow: readonly string[] };

/** "Concrete (non-templated) paths would be matched before their templated counterparts": literal segments sort first. */
function concreteFirst(a: PathGroup, b: PathGroup): number {
  for (let i = 0; i < a.segments.length; i++) {
    const literalA = typeof a.segments[i] === "string";
    const literalB = typeof b.segments[i] === "string";
    if (literalA !== literalB) return literalA ? -1 : 1;
  }
  return 0;
}

/**
 * Finds the route of a method and a URL path as OpenAPI matches them: paths with literal
 * segments before templated ones, segments percent-decoded (a `%2F` stays inside its
 * segment), then the method. A path that matches without the method gives the methods it has.
 */
export class RouteMatcher {
  private readonly concrete = new Map<string, PathGroup>();
  /** Templated paths by segment count, concrete segments first. */
  private readonly templated = new Map<number, PathGroup[]>();
  private readonly byKey = new Map<string, RouteModel>();
  private readonly groups = new Map<string, PathGroup>();

  constructor(routes: readonly RouteModel[]) {
    const groups = this.groups;
    for (const route of routes) {
      let group = groups.get(route.path);
      if (group === undefined) {
        group = { path: route.path, methods: new Map(), segments: route.path.split("/").map(segmentTemplate) };
        groups.set(route.path, group);
        if (group.segments.every((segment) => typeof segment === "string")) this.concrete.set(route.path, group);
        else {
          const list = this.templated.get(group.segments.length) ?? [];
          list.push(group);
          this.templated.set(group.segments.length, list);
        }
      }
      group.methods.set(route.method, route);
      this.byKey.set(route.key, route);
    }
    for (const list of this.templated.values()) list.sort(concreteFirst);
  }

  /** The route of a key as `openapi()` normalises it (`GET /users/{id}`). */
  route(key: string): RouteModel | undefined {
    return this.byKey.get(key);
  }

  /** The path parameters of `pathname` read by one route's template, whatever else matches it first. */
  fit(route: RouteModel, pathname: string): Map<string, string> | undefined {
    const group = this.groups.get(route.path) as PathGroup;
    const raw = pathname.split("/");
    if (raw.length !== group.segments.length) return undefined;
    return matchSegments(group, raw, raw.map(decodedSegment));
  }

  match(method: RouteMethod, pathname: string): Match {
    const allow: string[] = [];
    const exact = this.concrete.get(pathname);
    if (exact !== undefined) {
      const found = exact.methods.get(method);
      if (found !== undefined) return { found, raw: new Map() };
      addMethods(allow, exact);
    }
    const raw = pathname.split("/");
    const decoded = raw.map(decodedSegment);
    const candidates = [...(this.concrete.size > 0 && pathname.includes("%") ? this.concrete.values() : []), ...(this.templated.get(raw.length) ?? [])];
    for (const group of candidates) {
      if (group === exact || group.segments.length !== raw.length) continue;
      const values = matchSegments(group, raw, decoded);
      if (values === undefined) continue;
      const found = group.methods.get(method);
      if (found !== undefined) return { found, raw: values };
      addMethods(allow, group);
    }
    return { found: undefined, allow };
  }
}

/** A segment as literal path text compares: decoded, or as written when its escapes are broken. */
function decodedSegment(segment: string): string {
  const text = percentDecode(segment);
  return text instanceof Malformed ? segment : text;
}

function addMethods(allow: string[], group: PathGroup): void {
  for (const method of group.methods.keys()) {
    const name = method.toUpperCase();
    if (!allow.includes(name)) allow.push(name);
  }
}

/** The raw (still percent-encoded) text of each path parameter, or undefined when the path does not match. */
function matchSegments(group: PathGroup, raw: readonly string[], decoded: readonly string[]): Map<string, string> | undefined {
  const values = new Map<string, string>();
  for (let i = 0; i < raw.length; i++) {
    const segment = group.segments[i] as PathGroup["segments"][number];
    if (typeof segment === "string") {
      if (segment !== decoded[i] && segment !== raw[i]) return undefined;
      continue;
    }
    if (!matchSegment(segment, raw[i] as string, values)) return undefined;
  }
  return values;
}
