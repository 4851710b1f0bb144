/**
 * The requests of one operation, from the value generator (src/values) over the whole-request
 * schema of each of its body's media types: deterministic edges (the smallest request, the
 * fullest, each scalar at its bounds), deterministic one-rule breaks of the smallest request,
 * and drawn requests (three valid for one invalid) as a seeded, shrinkable fast-check arbitrary.
 */
import fc from "fast-check";
import { canonicalJson } from "../internal/canonical-json";
import type { JsonObject } from "../internal/own";
import { oneOfList } from "../values/combinators";
import { FULLEST_EDGE } from "../values/edges";
import type { BrokenValue, SchemaValues } from "../values/index";
import { probedFilter } from "../values/scalars";
import type { OperationPlan } from "./plans";
import { describePointer, requestSchema, type RequestValue } from "./request-schema";
import type { Pinned, RequestSample } from "./wire-request";

/** Sent instead of a declared media type, to see the server refuse what it does not take. */
export const UNDECLARED_TYPE = "application/x-undeclared";

interface Variant {
  readonly media: number;
  /** The schema requests the document allows are drawn from (path parameters limited to their known values). */
  readonly valid: JsonObject;
  /** The document's own schema: what a broken rule is a rule of. */
  readonly real: JsonObject;
  readonly arbitrary: fc.Arbitrary<unknown>;
  readonly where: string;
}

/**
 * A break the request can carry: one inside a part, a missing required parameter, a missing
 * required body. Not a request or a location that is no object, nor a missing path
 * parameter (a URL always has its path).
 */
function expressible(broken: BrokenValue): boolean {
  const { keyword, pointer, message } = broken.rule;
  if (pointer === "") return keyword === "required" && message.includes('"body"');
  if (/^\/(query|header|cookie)$/.test(pointer)) return keyword === "required";
  return pointer !== "/path";
}

function ruleText(broken: BrokenValue): string {
  return `${describePointer(broken.rule.pointer)}: ${broken.rule.message}`;
}

/** The broken place stays as it is while the rest shrinks; a missing property's object may lose its other properties. */
function pinnedOf(broken: BrokenValue): Pinned {
  return { pointer: broken.rule.pointer, whole: broken.rule.keyword !== "required" };
}

/** Edge labels name places by pointer (`/query/q: minLength 0`): in words. */
function edgeText(label: string): string {
  const match = /^(\/[^:]*): (.*)$/.exec(label);
  return match === null ? label : `${describePointer(match[1] as string)}: ${match[2]}`;
}

export class OperationSamples {
  private readonly variants: Variant[];

  /** Throws a SpecloomError naming the schema when no request can be generated. */
  constructor(
    private readonly plan: OperationPlan,
    private readonly values: SchemaValues,
  ) {
    const bodies = plan.bodies.length === 0 ? [undefined] : plan.bodies;
    this.variants = bodies.map((body, media) => {
      const where = `${plan.key}${body === undefined ? "" : ` ${body.type}`}`;
      const valid = requestSchema(plan, body, true);
      return { media: body === undefined ? -1 : media, valid, real: requestSchema(plan, body, false), arbitrary: values.valid(valid, where), where };
    });
  }

  /** The edges of each media type's requests, the smallest first; at most `limit`. */
  edges(limit: number): RequestSample[] {
    const lists = this.variants.map((variant) => this.values.edges(variant.valid, variant.where).map((edge): RequestSample => ({ kind: "valid", media: variant.media, value: edge.value as RequestValue, edge: edgeText(edge.label) })));
    return interleave(lists, limit);
  }

  /**
   * The label of the edge `sample` sits at (same media type, same value), or undefined: what
   * a shrunk request is said to be once shrinking moved it off the edge it started from.
   */
  edgeOf(sample: RequestSample): string | undefined {
    const variant = this.variants.find((entry) => entry.media === sample.media);
    if (variant === undefined) return undefined;
    const key = canonicalJson(sample.value);
    const found = this.values.edges(variant.valid, variant.where).find((edge) => canonicalJson(edge.value) === key);
    return found === undefined ? undefined : edgeText(found.label);
  }

  /**
   * Each rule of the document broken once, from the smallest valid request of each media type,
   * then from the fullest (the rules of optional parts, which the smallest leaves out); at most `limit`.
   */
  broken(limit: number): RequestSample[] {
    const lists = this.variants.map((variant) => {
      const edges = this.values.edges(variant.valid, variant.where);
      const smallest = edges[0];
      if (smallest === undefined) return [];
      const fullest = edges.find((edge) => edge.label === FULLEST_EDGE);
      const rules = new Set<string>();
      const samples: RequestSample[] = [];
      for (const base of fullest === undefined ? [smallest] : [smallest, fullest]) {
        for (const broken of this.values.broken(variant.real, base.value, variant.where)) {
          const rule = ruleText(broken);
          if (!expressible(broken) || rules.has(rule)) continue;
          rules.add(rule);
          samples.push({ kind: "invalid", media: variant.media, value: broken.value as RequestValue, rule, pinned: pinnedOf(broken) });
        }
      }
      const undeclared = this.undeclaredType(variant, smallest.value as RequestValue);
      return undeclared === undefined ? samples : [undeclared, ...samples];
    });
    return interleave(lists, limit);
  }

  /** A valid body sent as a media type the operation does not declare (unless it takes any). */
  private undeclaredType(variant: Variant, value: RequestValue): RequestSample | undefined {
    if (variant.media < 0 || value.body === undefined) return undefined;
    if (this.plan.bodies.some(({ type }) => type === "*/*" || type === "application/*")) return undefined;
    return { kind: "invalid", media: variant.media, value, contentType: UNDECLARED_TYPE, pinned: { pointer: "/body", whole: true }, rule: `the body is sent as ${UNDECLARED_TYPE}, a media type the operation does not declare` };
  }

  /** Drawn requests: three valid ones for each that breaks one rule. Seeded and shrinkable. */
  drawn(): fc.Arbitrary<RequestSample> {
    const valid = oneOfList(this.variants.map((variant) => variant.arbitrary.map((value): RequestSample => ({ kind: "valid", media: variant.media, value: value as RequestValue }))));
    const invalid = this.variants.map((variant) =>
      variant.arbitrary.chain((base) => {
        const list = this.values.broken(variant.real, base, variant.where).filter(expressible);
        if (list.length === 0) return fc.constant(undefined);
        return fc.nat(list.length - 1).map((index): RequestSample => {
          const broken = list[index] as BrokenValue;
          return { kind: "invalid", media: variant.media, value: broken.value as RequestValue, rule: ruleText(broken), pinned: pinnedOf(broken) };
        });
      }),
    );
    // Probed first: a request with no rule to break (every schema `{}`) would make the filter spin.
    const broken = probedFilter(oneOfList(invalid), (sample) => sample !== undefined) as fc.Arbitrary<RequestSample> | undefined;
    return broken === undefined ? valid : fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: broken, weight: 1 });
  }
}

/** The lists taken in turns (each media type's first, then each one's second...), up to `limit`. */
function interleave<T>(lists: readonly T[][], limit: number): T[] {
  const out: T[] = [];
  for (let index = 0; out.length < limit && lists.some((list) => index < list.length); index++) {
    for (const list of lists) if (index < list.length && out.length < limit) out.push(list[index] as T);
  }
  return out;
}
