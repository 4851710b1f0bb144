/**
 * Generated pairs of documents for the diff scenario, seeded: a random graph of components
 * that refer to each other (cycles, shared components, every operation reaching most of the
 * graph) with a few changes, and a chain of components with a change at its end.
 */
import { random as seeded } from "./mutations";

export type Json = Record<string, unknown>;

const ref = (index: number) => ({ $ref: `#/components/schemas/C${index}` });
const ok = (schema: unknown) => ({ responses: { "200": { description: "OK", content: { "application/json": { schema } } } } });

function document(schemas: Json, paths: Json): Json {
  return { openapi: "3.1.0", info: { title: "Generated", version: "1.0.0" }, paths, components: { schemas } };
}

export interface Pair {
  readonly before: Json;
  readonly after: Json;
  /** Where `after` changed, for the changes an operation reaches: each must be a distinct change's location. */
  readonly expected: readonly string[];
}

/**
 * `count` components, each with a status enum, a name and two or three references to random
 * components (one in an array); an operation per ten components returns one of them and
 * takes another as its body. `changes` components change in `after`: a value added to the
 * enum, a property added, or a maxLength set.
 */
export function randomGraph(count: number, changes: number, seed: number): Pair {
  const random = seeded(seed);
  const pick = () => Math.floor(random() * count);
  const make = (): [Json, Json] => {
    const schemas: Json = {};
    const paths: Json = {};
    for (let i = 0; i < count; i++) {
      const properties: Json = { status: { type: "string", enum: ["active", "closed"] }, name: { type: "string" }, parent: ref(pick()), links: { type: "array", items: ref(pick()) } };
      if (random() < 0.5) properties.owner = ref(pick());
      schemas[`C${i}`] = { type: "object", required: ["status"], properties };
      if (i % 10 === 0) paths[`/things/${i}`] = { get: ok(ref(pick())), post: { requestBody: { content: { "application/json": { schema: ref(pick()) } } }, ...ok({ type: "object" }) } };
    }
    return [schemas, paths];
  };
  const [schemas, paths] = make();
  const reachable = reachableComponents(schemas, paths);
  const after = structuredClone(schemas);
  const expected: string[] = [];
  const changed = seeded(seed + 1);
  const done = new Set<number>();
  while (done.size < changes) {
    const index = Math.floor(changed() * count);
    if (done.has(index)) continue;
    done.add(index);
    const properties = (after[`C${index}`] as { properties: Json }).properties;
    const kind = ["status", "note", "name"][done.size % 3] as string;
    if (kind === "status") properties.status = { type: "string", enum: ["active", "closed", "frozen"] };
    else if (kind === "note") properties.note = { type: "string" };
    else properties.name = { type: "string", maxLength: 100 };
    if (reachable.has(`C${index}`)) expected.push(`/components/schemas/C${index}/properties/${kind}`);
  }
  return { before: document(schemas, paths), after: document(after, structuredClone(paths)), expected };
}

/** The components the operations reach, through the references of the components. */
function reachableComponents(schemas: Json, paths: Json): Set<string> {
  const found = new Set<string>();
  const names = (value: unknown) => [...JSON.stringify(value).matchAll(/#\/components\/schemas\/(C\d+)/g)].map((match) => match[1] as string);
  const stack = names(paths);
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (found.has(name)) continue;
    found.add(name);
    stack.push(...names(schemas[name]));
  }
  return found;
}

/** `count` components in a chain, each referring to the next; an operation per ten returns one; the last changes. */
export function chain(count: number): Pair {
  const make = (last: Json): Json => {
    const schemas: Json = {};
    const paths: Json = {};
    for (let i = 0; i < count; i++) {
      schemas[`C${i}`] = i === count - 1 ? last : { type: "object", properties: { id: { type: "string" }, next: ref(i + 1) } };
      if (i % 10 === 0) paths[`/links/${i}`] = { get: ok(ref(i)) };
    }
    return document(schemas, paths);
  };
  return {
    before: make({ type: "object", properties: { id: { type: "string" } } }),
    after: make({ type: "object", properties: { id: { type: "string", maxLength: 10 } } }),
    expected: [`/components/schemas/C${count - 1}/properties/id`],
  };
}
