/**
 * The loader bundleFile() gives bundle(): files inside a root folder, and http(s) documents
 * only when asked. Which files a document may make us read is decided here, not by the
 * document: a server bundling an uploaded document must not read /etc/passwd on request.
 */
import { constants, type Stats } from "node:fs";
import { lstat, open, readlink, realpath, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export interface FileLoaderOptions {
  /** Files outside this folder (after following symbolic links) are refused. */
  root: string;
  /** Fetch `http:` and `https:` references. Default: false, so a document cannot reach the network. */
  remote?: boolean;
  /** The largest document read, in bytes. Default: 64 MiB. */
  maxBytes?: number;
  /** How long a remote fetch may take, in milliseconds. Default: 30 seconds. */
  timeout?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** A loader for bundle(): the text of the document at a `file:` (or, if allowed, `http(s):`) URL. */
export function createFileLoader(options: FileLoaderOptions): (url: string) => Promise<string> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let realRoot: Promise<string> | undefined;
  const folders = new Map<string, Promise<string>>();
  return async (url: string) => {
    const protocol = new URL(url).protocol;
    if (protocol === "file:") {
      const given = resolve(options.root);
      realRoot ??= realpath(given).catch(() => given);
      return readInside(fileURLToPath(url), { given, real: await realRoot }, maxBytes, folders);
    }
    if (protocol === "http:" || protocol === "https:") {
      if (!options.remote) throw new Error("is remote, and remote references are fetched only when asked (the remote option; --remote)");
      return fetchText(url, maxBytes, options.timeout ?? 30_000);
    }
    throw new Error(`has the scheme ${protocol}, which is not read (file:, and http: or https: when asked)`);
  };
}

/**
 * Where a path really is (symbolic links followed) and what it is. A folder's real path is
 * asked once per loader, a file's only when it is a link: one lstat per ordinary file.
 */
async function locate(path: string, folders: Map<string, Promise<string>>): Promise<{ real: string; info: Stats }> {
  try {
    const info = await lstat(path);
    if (info.isSymbolicLink()) {
      const real = await realpath(path);
      return { real, info: await stat(real) };
    }
    const folder = dirname(path);
    let real = folders.get(folder);
    if (real === undefined) folders.set(folder, (real = realpath(folder)));
    return { real: join(await real, basename(path)), info };
  } catch (error) {
    throw new Error(reason(error));
  }
}

/** The root folder as given and as it really is (symbolic links followed). */
interface Root {
  readonly given: string;
  readonly real: string;
}

const OUTSIDE = "is outside the root folder, and only files inside it are read (widen it with the root option; --root)";

function isInside(path: string, folder: string): boolean {
  const inside = relative(folder, path);
  return !isAbsolute(inside) && inside.split(sep)[0] !== "..";
}

/**
 * The text of a regular file inside the root; anything else is refused in one line. A path
 * outside the root gets one answer, whether anything is there or not: it is refused before
 * anything is asked of the file system, and when a path inside leads out through a symbolic
 * link, a failure to find it is answered as outside too.
 */
async function readInside(path: string, root: Root, maxBytes: number, folders: Map<string, Promise<string>>): Promise<string> {
  if (!isInside(path, root.given) && !isInside(path, root.real)) throw new Error(OUTSIDE);
  let located: { real: string; info: Stats };
  try {
    located = await locate(path, folders);
  } catch (error) {
    throw (await leadsInside(path, root.real)) ? error : new Error(OUTSIDE);
  }
  const { real, info } = located;
  if (!isInside(real, root.real)) throw new Error(OUTSIDE);
  if (info.isDirectory()) throw new Error("is a directory, not a file");
  if (!info.isFile()) throw new Error("is not a regular file (a device, a pipe or a socket)");
  if (info.size > maxBytes) throw new Error(`is larger than the limit of ${maxBytes} bytes`);
  // O_NONBLOCK: should the file have been swapped for a pipe since stat, opening it does not wait.
  const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // The file as it was when stat saw it: a file growing meanwhile is read up to that size.
    const buffer = Buffer.alloc(info.size);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.toString("utf8", 0, length);
  } finally {
    await handle.close();
  }
}

/**
 * Whether what can be found of a path that cannot be read is inside the root: symbolic
 * links followed as far as they lead, then the deepest folder that exists, really.
 */
async function leadsInside(path: string, realRoot: string): Promise<boolean> {
  let current = path;
  for (let steps = 0; steps < 256; steps++) {
    const info = await lstat(current).catch(() => undefined);
    if (info?.isSymbolicLink()) {
      const target = await readlink(current).catch(() => undefined);
      if (target === undefined) return false;
      current = resolve(dirname(current), target);
    } else if (info) {
      const real = await realpath(current).catch(() => undefined);
      return real !== undefined && isInside(real, realRoot);
    } else {
      const parent = dirname(current);
      if (parent === current) return false;
      current = parent;
    }
  }
  return false;
}

async function fetchText(url: string, maxBytes: number, timeout: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeout) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new Error(`cannot be fetched: ${cause ?? (error as Error).message}`);
  }
  if (!response.ok) throw new Error(`cannot be fetched: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      throw new Error(`is larger than the limit of ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES" || code === "EPERM") return "cannot be read: permission denied";
  if (code === "ENOTDIR") return "no such file (a part of the path is not a folder)";
  if (code === "ELOOP") return "cannot be read: too many symbolic links";
  return `cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}
