import { defaultResponses } from "../generate/status";
import { deepFreeze } from "../internal/freeze";
import { hasOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import { toOpenAPI30Node } from "../schema/dialect-30";
import { toOpenAPI31Node } from "../schema/dialect-31";
import { rebuildSchema, type SchemaHook } from "../schema/rebuild";
import type { SchemaDialect } from "./inputs";
import { childKind, Kind } from "./object-kinds";
import { renameSecurity, rewriteDiscriminator, rewriteRef, type Rewrite } from "./references";

/** The schema engine's conversion from one document's dialect to base's, if they differ. */
export function dialectConversion(from: SchemaDialect, to: SchemaDialect): SchemaHook | undefined {
  if (from === to) return undefined;
  return to === "3.0" ? toOpenAPI30Node : toOpenAPI31Node("openapi-3.0");
}

/**
 * What an operation without `responses` (allowed from 3.1 on) gets in a 3.0 document, which
 * requires them: the response `openapi()` writes for a 3.0 route that declares none.
 */
const DEFAULT_RESPONSES = deepFreeze(defaultResponses());

interface Frame {
  source: JsonObject | unknown[];
  kind: Kind;
  keys: string[] | undefined;
  index: number;
  key: string | number;
  /** A shallow copy, made when the first child changes: unchanged subtrees stay shared. */
  copy: JsonObject | unknown[] | undefined;
}

/**
 * Applies a document's renames, path prefix and dialect conversion to one of its parts
 * (a path item, a component), iteratively. `root` is already deeply frozen and ours (a
 * produced document's subtree or a frozen copy); so is the result, which shares every
 * subtree that did not change: a document with one renamed schema copies only the objects
 * on the way to the references that name it. Schemas to convert are rebuilt whole by the
 * schema engine, with references rewritten on the way.
 */
export function rewriteTree(root: unknown, kind: Kind, rewrite: Rewrite): unknown {
  if (kind === Kind.Schema && rewrite.convert) return convertSchema(root, rewrite);
  if (kind === Kind.Data || root === null || typeof root !== "object") return root;
  const stack: Frame[] = [open(root as JsonObject, kind, "")];
  for (;;) {
    const frame = stack[stack.length - 1] as Frame;
    const length = frame.keys ? frame.keys.length : (frame.source as unknown[]).length;
    if (frame.index < length) {
      const key: string | number = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
      frame.index += 1;
      const child = (frame.source as Record<string | number, unknown>)[key];
      const next = childKind(frame.kind, key, child);
      switch (next) {
        case Kind.Data:
          break;
        case Kind.Ref:
          if (typeof child === "string") change(frame, key, child, rewriteRef(child, rewrite));
          break;
        case Kind.OperationId:
          if (typeof child === "string") change(frame, key, child, rewrite.operationIds.get(child) ?? child);
          break;
        case Kind.SecurityList:
          change(frame, key, child, renameSecurity(child, rewrite));
          break;
        default:
          if (next === Kind.Schema && rewrite.convert) change(frame, key, child, convertSchema(child, rewrite));
          else if (child !== null && typeof child === "object") stack.push(open(child as JsonObject, next, key));
      }
      continue;
    }
    stack.pop();
    if (frame.kind === Kind.Schema && !Array.isArray(frame.source)) {
      const discriminator = rewriteDiscriminator((frame.copy ?? frame.source) as JsonObject, rewrite);
      if (discriminator) change(frame, "discriminator", undefined, discriminator);
    } else if (frame.kind === Kind.Operation && rewrite.responsesRequired && !hasOwn(frame.source, "responses")) {
      change(frame, "responses", undefined, DEFAULT_RESPONSES);
    }
    const result = frame.copy ? Object.freeze(frame.copy) : frame.source;
    const parent = stack[stack.length - 1];
    if (parent === undefined) return result;
    change(parent, frame.key, frame.source, result);
  }
}

function open(source: JsonObject | unknown[], kind: Kind, key: string | number): Frame {
  return { source, kind, keys: Array.isArray(source) ? undefined : Object.keys(source), index: 0, key, copy: undefined };
}

function change(frame: Frame, key: string | number, before: unknown, after: unknown): void {
  if (after === before) return;
  if (Array.isArray(frame.source)) {
    const copy = (frame.copy ??= frame.source.slice()) as unknown[];
    copy[key as number] = after;
  } else {
    setOwn((frame.copy ??= { ...frame.source }), key as string, after);
  }
}

/** A Schema Object in base's dialect, with its references rewritten; a new, frozen tree. */
function convertSchema(schema: unknown, rewrite: Rewrite): unknown {
  const convert = rewrite.convert as SchemaHook;
  const hook: SchemaHook = (node, info) => {
    if (isObject(node)) {
      // The node is rebuildSchema's fresh copy: safe to change before it is converted.
      if (typeof node.$ref === "string") node.$ref = rewriteRef(node.$ref, rewrite);
      const discriminator = rewriteDiscriminator(node, rewrite);
      if (discriminator) setOwn(node, "discriminator", discriminator);
    }
    return convert(node, info);
  };
  return rebuildSchema(schema, hook, { freeze: true }).value;
}
