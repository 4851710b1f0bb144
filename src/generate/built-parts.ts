import { deepFreeze } from "../internal/freeze";
import type { JsonObject } from "../internal/own";
import type { ParameterObject, RequestBodyObject } from "../types/document";

/**
 * The objects Specloom itself creates for the paths of one document, frozen as they are made
 * and shared between operations where they are the same, so the finished document needs no
 * walk over every operation to freeze it, and holds fewer objects.
 *
 * Not when a plugin transforms schemas (`early` false): its schema slots are containers that
 * change after they are built, one per use, so then every part is fresh and unfrozen until
 * the whole document is frozen at the end, as before.
 *
 * A frozen part may hold values Specloom did not make here (a schema the compiler returned,
 * whose `$ref` is filled in only when the components are final; a copy of a caller's object):
 * `later` records each, and `freezeLate` freezes them once the components are final. Sharing
 * is by identity: the compiler returns one value for each schema and side in a document, so
 * two uses of one schema get one response, one body, one parameter.
 */
export class BuiltParts {
  private readonly late: object[] = [];
  private readonly bodies = new Map<unknown, RequestBodyObject>();
  private readonly contents = new Map<unknown, Record<string, JsonObject>>();
  private readonly responses = new Map<string, Map<unknown, JsonObject>>();
  private readonly parameters = new Map<unknown, ParameterObject[]>();

  constructor(readonly early: boolean) {}

  /** Freezes an object Specloom made, whose values are frozen or recorded with `later`. */
  seal<T extends object>(part: T): T {
    return this.early ? Object.freeze(part) : part;
  }

  /** Records a value that becomes part of a sealed object, to be deeply frozen by `freezeLate`. */
  later<T>(value: T): T {
    if (this.early && value !== null && typeof value === "object" && !Object.isFrozen(value)) this.late.push(value);
    return value;
  }

  /** Deeply freezes what `later` recorded: after the components are final, before the document is. */
  freezeLate(): void {
    for (const value of this.late) deepFreeze(value);
    this.late.length = 0;
  }

  /** `{ "application/json": { schema } }`, one per schema value. */
  jsonContent(schema: unknown): Record<string, JsonObject> {
    let content = this.early ? this.contents.get(schema) : undefined;
    if (content === undefined) {
      content = this.seal({ "application/json": this.seal({ schema: this.later(schema) }) });
      if (this.early) this.contents.set(schema, content);
    }
    return content;
  }

  /** The required JSON body of a schema value, one per schema value. */
  jsonBody(schema: unknown): RequestBodyObject {
    let body = this.early ? this.bodies.get(schema) : undefined;
    if (body === undefined) {
      body = this.seal({ content: this.jsonContent(schema), required: true }) as RequestBodyObject;
      if (this.early) this.bodies.set(schema, body);
    }
    return body;
  }

  /** `{ description, content }` of a JSON response, one per description and schema value. */
  jsonResponse(description: string, schema: unknown): JsonObject {
    let byDescription = this.responses.get(description);
    let response = this.early ? byDescription?.get(schema) : undefined;
    if (response === undefined) {
      response = this.seal({ description, content: this.jsonContent(schema) });
      if (this.early) {
        if (byDescription === undefined) this.responses.set(description, (byDescription = new Map()));
        byDescription.set(schema, response);
      }
    }
    return response;
  }

  /**
   * The parameter made before with this name, place, requiredness and schema value (all it
   * is made of), if any. A lookup and a `madeParameter`, not a callback: most parameters are
   * found, and a callback would be made for each.
   */
  parameter(name: string, place: string, required: boolean, schema: unknown): ParameterObject | undefined {
    if (!this.early) return undefined;
    const made = this.parameters.get(schema);
    if (made !== undefined) for (const parameter of made) if (parameter.name === name && parameter.in === place && (parameter.required === true) === required) return parameter;
    return undefined;
  }

  /** Seals a parameter `parameter()` did not find, and keeps it for the next use of its schema value. */
  madeParameter(schema: unknown, parameter: ParameterObject): ParameterObject {
    if (!this.early) return parameter;
    let made = this.parameters.get(schema);
    if (made === undefined) this.parameters.set(schema, (made = []));
    made.push(this.seal(parameter));
    return parameter;
  }
}
