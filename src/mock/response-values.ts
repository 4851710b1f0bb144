/**
 * The bodies the mock sends, each checked by the document's JSON Schema engine (the one
 * responseValidator judges with): a generated value the schema refuses is drawn again with
 * the next seeds, and an example the schema refuses is not sent as if it were valid.
 */
import { encodeSegment } from "../internal/json-pointer";
import type { JsonObject } from "../internal/own";
import { DocumentSchemas, type ValidateJson } from "../schema-validator/index";
import { sampleOne, schemaValues, type SchemaValues } from "../values/index";

/** Draws tried before the mock gives up on a schema whose keywords it cannot meet by construction. */
const DRAWS = 8;

export type Checked = { readonly value: unknown } | { readonly refused: string };

export class ResponseValues {
  private readonly schemas: DocumentSchemas;
  private readonly validators = new Map<unknown, ValidateJson>();
  readonly bodies: SchemaValues;
  readonly headers: SchemaValues;

  constructor(document: JsonObject) {
    this.schemas = new DocumentSchemas(document, "response");
    const judge = (schema: unknown, value: unknown) => this.issue(schema, value, "#") === undefined;
    this.bodies = schemaValues(document, { direction: "response", judge });
    this.headers = schemaValues(document, { direction: "response", text: "header", judge });
  }

  /** The first thing `schema` refuses in `value`, or undefined when it accepts it. */
  issue(schema: unknown, value: unknown, where: string): string | undefined {
    let validate = this.validators.get(schema);
    if (validate === undefined) this.validators.set(schema, (validate = this.schemas.validator(schema, where)));
    const [first] = validate(value) ?? [];
    if (first === undefined) return undefined;
    const pointer = first.path.map((step) => `/${encodeSegment(String(step))}`).join("");
    return `${pointer === "" ? "" : `at ${pointer}: `}${first.message}`;
  }

  /**
   * A value of `schema` drawn from `seed`, or the next seeds when the schema refuses it or
   * `sendable` does (an empty string is no body at all in a text media type); with
   * `choices`, the fullest of that many valid draws.
   */
  generated(schema: unknown, where: string, seed: number, sendable: (value: unknown) => boolean, choices = 1): Checked {
    const arbitrary = this.bodies.valid(schema, where);
    let refused = "";
    let best: { value: unknown; size: number } | undefined;
    for (let draw = 0; draw < DRAWS && (best === undefined || draw < choices); draw++) {
      const value = sampleOne(arbitrary, (seed + draw) | 0);
      const issue = sendable(value) ? this.issue(schema, value, where) : "the value would be an empty body";
      refused ||= issue ?? "";
      if (issue !== undefined) continue;
      // Of several valid draws, the one with the most in it: an empty list shows a front end little.
      const size = JSON.stringify(value)?.length ?? 0;
      if (best === undefined || size > best.size) best = { value, size };
    }
    if (best !== undefined) return { value: best.value };
    return { refused: `no value generated for the schema (${DRAWS} draws) is one it accepts, as its oneOf branches overlap or its keywords contradict: ${refused}` };
  }

  /** The example, when the schema accepts it. */
  example(schema: unknown, value: unknown, where: string, name: string | undefined): Checked {
    const issue = this.issue(schema, value, where);
    if (issue === undefined) return { value };
    return { refused: `the example${name === undefined ? "" : ` ${JSON.stringify(name)}`} does not fit the response's schema: ${issue}` };
  }
}
