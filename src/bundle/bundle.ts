import { SpecloomError, describeValue } from "../errors";
import { deepFreeze } from "../internal/freeze";
import { getOwn, isObject, setOwn, type JsonObject } from "../internal/own";
import { encodeSegment, pointerFromTokens, resolvePointer } from "../internal/json-pointer";
import { pointerOf, type PointerFrame } from "../internal/refs";
import type { OpenAPIDocument } from "../types/document";
import { attachComponents } from "./attach";
import { DocumentStore, displayName, type BundleLoader, type BundleParser } from "./documents";
import { ComponentNames } from "./names";
import { fieldsOfLayers, inChain, type Chain, type Layer } from "./inline-chain";
import { frameOf, isDataFile, locate, targetKey, type Place } from "./places";
import { Kind, Position, childOf, inlinesPathItems, isReferable, sectionOf, type Where } from "./positions";

export interface BundleOptions {
  /**
   * Reads the document at a URL: returns its text or its parsed value, or a promise of
   * either; throws (with a one-line message) when it will not or cannot. Reading is its
   * decision alone: bundle() never touches a file system or a network itself.
   */
  load: BundleLoader;
  /** Parses a text `load` returned (YAML, for instance). Default: JSON.parse. */
  parse?: BundleParser;
  /**
   * Called with each reference that cannot be bundled (a missing file, a bad pointer...),
   * and bundling goes on with that `$ref` kept as written. Without it, the first one throws.
   */
  onProblem?: (error: SpecloomError) => void;
}

/** The entry document: its absolute URL, or its value and the URL its references are relative to. */
export type BundleEntry = string | { url: string; document: unknown };

interface Task {
  readonly source: unknown;
  readonly into: JsonObject | unknown[];
  readonly key: string | number;
  readonly where: Where;
  /** The URL of the document `source` comes from; its references are relative to it. */
  readonly file: string;
  readonly frame: PointerFrame;
  /** True for a path item whose reference is replaced by its content. */
  readonly inline: boolean;
  readonly chain: Chain | undefined;
}

/** A resolved reference: its place and the value there. */
interface Target extends Place {
  readonly value: unknown;
}

/**
 * One self-contained document from a document whose `$ref`s reach into other files: every
 * external reference becomes a local one into the components section its position calls
 * for, one component per file and fragment; path items under `paths` and `webhooks` are
 * inlined. The result is deeply frozen; nothing the loader returned is changed.
 */
export async function bundle(entry: BundleEntry, options: BundleOptions): Promise<OpenAPIDocument> {
  const bundler = new Bundler(options);
  return (await bundler.run(entry)) as OpenAPIDocument;
}

class Bundler {
  private readonly store: DocumentStore;
  private readonly names = new ComponentNames();
  /** A target's key (targetKey) to the component name given to it. */
  private readonly assigned = new Map<string, string>();
  /** Entry components that are only a `$ref`: their slot takes the target's content. */
  private readonly placed = new Map<object, Target>();
  private readonly added = new Map<string, JsonObject>();
  private readonly stack: Task[] = [];
  private readonly queue: Task[] = [];
  private entryUrl = "";
  private entryFolder = "";
  private version30 = false;

  constructor(private readonly options: BundleOptions) {
    this.store = new DocumentStore(options.load, options.parse ?? ((text) => JSON.parse(text) as unknown));
  }

  async run(entry: BundleEntry): Promise<unknown> {
    const url = typeof entry === "string" ? entry : entry.url;
    if (typeof url !== "string" || !URL.canParse(url)) throw new SpecloomError("INVALID_DEFINITION", "bundle", `the entry document's location must be an absolute URL, found ${describeValue(url)}`);
    this.entryUrl = new URL(url).href.replace(/#.*$/, "");
    this.entryFolder = this.entryUrl.slice(0, this.entryUrl.lastIndexOf("/") + 1);
    if (typeof entry !== "string") this.store.add(this.entryUrl, entry.document);
    const loaded = await this.store.get(this.entryUrl);
    const name = displayName(this.entryUrl, this.entryFolder);
    if ("error" in loaded) throw new SpecloomError("INVALID_DEFINITION", name, `cannot read the entry document: ${loaded.error}`);
    const document = loaded.value;
    if (!isObject(document) || typeof getOwn(document, "openapi") !== "string") {
      throw new SpecloomError("INVALID_DEFINITION", name, `not an OpenAPI document: expected an object with a string "openapi" field, found ${describeValue(document)}`);
    }
    this.version30 = (getOwn(document, "openapi") as string).startsWith("3.0");
    await this.placeEntryComponents(document);
    const holder: JsonObject = {};
    this.stack.push({ source: document, into: holder, key: "document", where: Position.Document, file: this.entryUrl, frame: { parent: undefined, key: "" }, inline: false, chain: undefined });
    let next = 0;
    for (;;) {
      const task = this.stack.pop() ?? this.queue[next++];
      if (task === undefined) break;
      const pending = this.visit(task);
      if (pending) await pending;
    }
    const result = holder.document as JsonObject;
    attachComponents(result, this.added, `${displayName(this.entryUrl, this.entryFolder)}: /components`);
    return deepFreeze(result);
  }

  /**
   * Names in the entry's components stay theirs; an entry component that is only a `$ref`
   * to another file (`Pet: { $ref: ./schemas/Pet.yaml }`) becomes that file's content under
   * its own name, instead of a reference to a copy named after the file.
   */
  private async placeEntryComponents(document: JsonObject): Promise<void> {
    const components = getOwn(document, "components");
    if (!isObject(components)) return;
    const entries: [string, string, JsonObject][] = [];
    for (const section of Object.keys(components)) {
      const map = getOwn(components, section);
      if (childOf(Position.Components, section, map, this.version30) < Position.Section || !isObject(map)) continue;
      for (const name of Object.keys(map)) {
        this.names.reserve(section, name);
        const value = getOwn(map, name);
        if (isObject(value) && Object.keys(value).length === 1 && typeof value.$ref === "string" && !value.$ref.startsWith("#")) entries.push([section, name, value]);
      }
    }
    for (const [section, name, node] of entries) {
      const place = locate(node.$ref as string, this.entryUrl);
      if (place === undefined || place.url === this.entryUrl) continue;
      const key = targetKey(section, place);
      if (this.assigned.has(key)) continue;
      const loaded = await this.store.get(place.url);
      if ("error" in loaded) continue;
      const found = resolvePointer(loaded.value, place.tokens);
      // A problem here is reported when the walk reaches this reference.
      if (!("value" in found)) continue;
      this.assigned.set(key, name);
      this.placed.set(node, { ...place, value: found.value });
    }
  }

  /** Copies one value into place; a `$ref` to another file may need a document loaded first. */
  private visit(task: Task): Promise<void> | undefined {
    const { source } = task;
    if (source === null || typeof source !== "object") {
      put(task.into, task.key, source);
      return undefined;
    }
    if (!Array.isArray(source)) {
      const ref = getOwn(source, "$ref");
      if (typeof ref === "string" && !(task.file === this.entryUrl && ref.startsWith("#"))) {
        if (isReferable(task.where)) return this.reference(task, source as JsonObject, ref);
        if (task.where === Position.Extension) return this.extension(task, source as JsonObject, ref);
      }
    }
    this.copy(task, source, undefined);
    return undefined;
  }

  /** A new object or array for `source` in place; its children become tasks (`$ref` replaced by `ref`). */
  private copy(task: Task, source: object, ref: string | undefined): void {
    if (Array.isArray(source)) {
      const copy: unknown[] = new Array<unknown>(source.length);
      put(task.into, task.key, copy);
      for (let i = source.length - 1; i >= 0; i--) this.child(task, copy, i, source[i], task.file, task.frame);
      return;
    }
    const copy: JsonObject = {};
    put(task.into, task.key, copy);
    const keys = Object.keys(source);
    // Every key is set now, so the copy keeps the source's key order whatever order tasks run in.
    for (const key of keys) setOwn(copy, key, key === "$ref" && ref !== undefined ? ref : null);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      if (key !== "$ref" || ref === undefined) this.child(task, copy, key, (source as JsonObject)[key], task.file, task.frame);
    }
  }

  private child(task: Task, into: JsonObject | unknown[], key: string | number, value: unknown, file: string, frame: PointerFrame): void {
    if (value === null || typeof value !== "object") {
      put(into, key, value);
      return;
    }
    const where = childOf(task.where, key, value, this.version30);
    const inline = where === Kind.PathItem && (inlinesPathItems(task.where) || this.version30);
    this.stack.push({ source: value, into, key, where, file, frame: { parent: frame, key }, inline, chain: task.chain });
  }

  /** A `$ref` out of its file: to a component (added on first sight), or replaced by its path item. */
  private async reference(task: Task, node: JsonObject, ref: string): Promise<void> {
    const placed = this.placed.get(node);
    if (placed) {
      this.stack.push({ ...task, source: placed.value, file: placed.url, frame: frameOf(placed.tokens) });
      return;
    }
    const place = locate(ref, task.file);
    if (place === undefined) return this.fail(task, node, ref, "INVALID_DEFINITION", `"${ref}" is not a URI reference with a JSON Pointer fragment (#/...)`);
    if (place.url === this.entryUrl && !task.inline) return this.local(task, node, ref, place);
    const section = task.inline ? undefined : sectionOf(task.where, this.version30);
    const key = targetKey(section ?? "inline", place);
    const name = this.assigned.get(key);
    if (section !== undefined && name !== undefined) return this.copy(task, node, `#/components/${section}/${encodeSegment(name)}`);
    const target = await this.resolve(task, node, ref, place);
    if (target === undefined) return undefined;
    if (section === undefined) return this.inline(task, node, ref, target, key);
    const claimed = this.names.claim(section, place.url, place.tokens);
    this.assigned.set(key, claimed);
    let holder = this.added.get(section);
    if (!holder) this.added.set(section, (holder = {}));
    setOwn(holder, claimed, null);
    this.queue.push({ source: target.value, into: holder, key: claimed, where: task.where, file: place.url, frame: frameOf(place.tokens), inline: false, chain: undefined });
    this.copy(task, node, `#/components/${section}/${encodeSegment(claimed)}`);
    return undefined;
  }

  /**
   * A `$ref` inside an `x-` extension (a code sample's `source`, say), as Redocly's bundle
   * follows it: a JSON or YAML file's content in its place, any other file's text.
   */
  private async extension(task: Task, node: JsonObject, ref: string): Promise<void> {
    const place = locate(ref, task.file);
    if (place === undefined) return this.fail(task, node, ref, "INVALID_DEFINITION", `"${ref}" is not a URI reference with a JSON Pointer fragment (#/...)`);
    if (place.url === this.entryUrl) return this.local(task, node, ref, place);
    const target = await this.resolve(task, node, ref, place, !isDataFile(place.url));
    if (target !== undefined) await this.inline(task, node, ref, target, targetKey("extension", place));
  }

  /** A reference into the entry document, from another file: made local, if it names something. */
  private async local(task: Task, node: JsonObject, ref: string, place: Place): Promise<void> {
    if (!("value" in resolvePointer(await this.entryDocument(), place.tokens))) return this.fail(task, node, ref, "SCHEMA_RESOLUTION_FAILED", this.missing(place));
    return this.copy(task, node, `#${pointerFromTokens(place.tokens)}`);
  }

  /**
   * A path item's (or an extension's) content where its `$ref` was; the referring object's
   * other fields win. An extension's string or array replaces the object, as in Redocly. A
   * path item that is itself only a `$ref` (with fields beside it or not) is followed from
   * its own file, each link's fields winning over what it points to.
   */
  private async inline(task: Task, node: JsonObject, ref: string, target: Target, key: string): Promise<void> {
    const extension = task.where === Position.Extension;
    if (inChain(task.chain, key)) {
      return this.fail(task, node, ref, "SCHEMA_RESOLUTION_FAILED", extension ? "files that refer to each other in a cycle cannot be put in place of each other" : "path items that refer to each other in a cycle cannot be inlined (3.0 has no components.pathItems)");
    }
    let chain: Chain = { parent: task.chain, target: key };
    // Whose fields go where, nearest first: the referring object, then each link of a chain.
    const layers: Layer[] = [{ fields: node, file: task.file, frame: task.frame }];
    let content = target;
    while (!extension && isObject(content.value) && typeof getOwn(content.value, "$ref") === "string") {
      const link = content.value;
      const linkRef = link.$ref as string;
      const at: Task = { ...task, file: content.url, frame: frameOf(content.tokens) };
      layers.push({ fields: link, file: at.file, frame: at.frame });
      const place = locate(linkRef, content.url);
      if (place === undefined) return this.fail(at, link, linkRef, "INVALID_DEFINITION", `"${linkRef}" is not a URI reference with a JSON Pointer fragment (#/...)`);
      const linkKey = targetKey("inline", place);
      if (inChain(chain, linkKey)) return this.fail(at, link, linkRef, "SCHEMA_RESOLUTION_FAILED", "path items that refer to each other in a cycle cannot be inlined");
      chain = { parent: chain, target: linkKey };
      const next = await this.resolve(at, link, linkRef, place);
      if (next === undefined) return undefined;
      content = next;
    }
    const chained: Task = { ...task, chain };
    if (extension && !isObject(content.value)) {
      this.stack.push({ ...chained, source: content.value, file: content.url, frame: frameOf(content.tokens) });
      return undefined;
    }
    if (!isObject(content.value)) return this.fail(task, node, ref, "SCHEMA_RESOLUTION_FAILED", `points to ${describeValue(content.value)}, expected a Path Item Object`);
    layers.push({ fields: content.value, file: content.url, frame: frameOf(content.tokens) });
    this.writeLayers(chained, layers);
    return undefined;
  }

  /** One object from `layers` (nearest first), each field from the nearest layer that has it. */
  private writeLayers(task: Task, layers: readonly Layer[]): void {
    const copy: JsonObject = {};
    put(task.into, task.key, copy);
    const fields = fieldsOfLayers(layers);
    for (const [field] of fields) setOwn(copy, field, null);
    for (const [field, layer] of fields) this.child(task, copy, field, layer.fields[field], layer.file, layer.frame);
  }

  /** The value a reference names; `asText`: a file that is not JSON or YAML, as the loader returned it. */
  private async resolve(task: Task, node: JsonObject, ref: string, place: Place, asText = false): Promise<Target | undefined> {
    const loaded = asText ? await this.store.text(place.url) : await this.store.get(place.url);
    if ("error" in loaded) return this.fail(task, node, ref, "SCHEMA_RESOLUTION_FAILED", `${displayName(place.url, this.entryFolder)} cannot be read: ${loaded.error}`);
    const found = resolvePointer(loaded.value, place.tokens);
    if (!("value" in found)) return this.fail(task, node, ref, "SCHEMA_RESOLUTION_FAILED", this.missing(place, found.missing));
    return { ...place, value: found.value };
  }

  private missing(place: Place, at = place.tokens.length - 1): string {
    return `${displayName(place.url, this.entryFolder)} has nothing at ${pointerFromTokens(place.tokens.slice(0, at + 1))}`;
  }

  private async entryDocument(): Promise<unknown> {
    const loaded = await this.store.get(this.entryUrl);
    return "value" in loaded ? loaded.value : undefined;
  }

  /** Reports a reference that cannot be bundled, then keeps it as written (or throws, without onProblem). */
  private fail(task: Task, node: JsonObject, ref: string, code: "INVALID_DEFINITION" | "SCHEMA_RESOLUTION_FAILED", detail: string): undefined {
    const location = `${displayName(task.file, this.entryFolder)}: ${pointerOf(task.frame)}/$ref`;
    const error = new SpecloomError(code, location, `cannot bundle $ref "${ref}": ${detail}`);
    if (!this.options.onProblem) throw error;
    this.options.onProblem(error);
    this.copy(task, node, undefined);
    return undefined;
  }

}

function put(into: JsonObject | unknown[], key: string | number, value: unknown): void {
  if (Array.isArray(into)) into[key as number] = value;
  else setOwn(into, key as string, value);
}
