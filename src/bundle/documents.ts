/** Reads the document at a URL: its text (parsed by `parse`), or the parsed value itself. */
export type BundleLoader = (url: string) => unknown;

/** Turns a loaded text into a value (or a promise of it); the default is JSON.parse. */
export type BundleParser = (text: string, url: string) => unknown;

/**
 * The documents of one bundle, each loaded once by URL (without its fragment). A failed load
 * is remembered too, so every reference to a missing file reports it without asking again.
 */
export class DocumentStore {
  private readonly loaded = new Map<string, { value: unknown } | { error: string }>();
  /** What the loader returned for each URL, before parsing: a code sample is used as text. */
  private readonly raw = new Map<string, { result: unknown } | { error: string }>();

  constructor(
    private readonly load: BundleLoader,
    private readonly parse: BundleParser,
  ) {}

  /** Seeds the entry document when the caller passed it as a value (checked as a loaded one is). */
  add(url: string, value: unknown): void {
    this.loaded.set(url, accepted(value));
  }

  /** The document at `url`, or the one-line reason it could not be read. */
  async get(url: string): Promise<{ value: unknown } | { error: string }> {
    let entry = this.loaded.get(url);
    if (entry === undefined) {
      entry = await this.parsed(url);
      this.loaded.set(url, entry);
    }
    return entry;
  }

  /** The file at `url` as the loader returned it: its text unparsed, or the value it gave. */
  async text(url: string): Promise<{ value: unknown } | { error: string }> {
    const raw = await this.read(url);
    if ("error" in raw) return raw;
    return typeof raw.result === "string" ? { value: raw.result } : accepted(raw.result);
  }

  private async read(url: string): Promise<{ result: unknown } | { error: string }> {
    let entry = this.raw.get(url);
    if (entry === undefined) {
      try {
        entry = { result: await this.load(url) };
      } catch (error) {
        entry = { error: oneLine(error) };
      }
      this.raw.set(url, entry);
    }
    return entry;
  }

  private async parsed(url: string): Promise<{ value: unknown } | { error: string }> {
    const raw = await this.read(url);
    if ("error" in raw) return raw;
    const { result } = raw;
    try {
      const text = typeof result === "string" && result.charCodeAt(0) === 0xfeff ? result.slice(1) : result;
      return accepted(typeof text === "string" ? await this.parse(text, url) : text);
    } catch (error) {
      return { error: oneLine(error) };
    }
  }
}

function oneLine(error: unknown): string {
  return error instanceof Error ? error.message.replace(/\s*\n\s*/g, " ") : String(error);
}

/** A document as the store keeps it: a value, unless it contains itself (bundling would never end). */
function accepted(value: unknown): { value: unknown } | { error: string } {
  if (hasCycle(value)) return { error: "it contains itself (a YAML alias inside the node it names?); a document is a tree" };
  return { value };
}

/**
 * How messages name a document: its path relative to the entry document's folder when it is
 * below it (`components/schemas/Pet.yaml`), else its full URL (a `file:` URL as a path).
 */
export function displayName(url: string, entryFolder: string): string {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  if (url.startsWith(entryFolder)) return decode(url.slice(entryFolder.length));
  if (url.startsWith("file://")) return decode(url.slice("file://".length));
  return url;
}

/** True when an object contains itself, which a walk would follow forever. Iterative. */
function hasCycle(root: unknown): boolean {
  if (root === null || typeof root !== "object") return false;
  const onPath = new Set<object>();
  const done = new WeakSet<object>();
  const stack: { node: object; children: unknown[]; next: number }[] = [{ node: root, children: Object.values(root), next: 0 }];
  onPath.add(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: object; children: unknown[]; next: number };
    if (top.next === top.children.length) {
      stack.pop();
      onPath.delete(top.node);
      done.add(top.node);
      continue;
    }
    const child = top.children[top.next++];
    if (child === null || typeof child !== "object" || done.has(child)) continue;
    if (onPath.has(child)) return true;
    onPath.add(child);
    stack.push({ node: child, children: Object.values(child), next: 0 });
  }
  return false;
}
