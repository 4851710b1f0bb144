/** A `curl` command that sends a request exactly as the contract test sent it. */
import type { SentRequest } from "./types";

/** POSIX shell quoting: one single-quoted word. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * `curl` with `-g` (brackets and braces in the URL are not patterns), `--path-as-is` (no dot
 * segments removed), `-i` (the response's status and headers printed), each header as sent
 * (`name;` is curl's way to send an empty one), and the body byte for byte: multipart
 * fields with `--form-string`, which reads no file for a value starting with `@`.
 */
export function curlCommand(request: SentRequest, multipart: readonly [string, string][] | undefined): string {
  const words = ["curl", "-sS", "-i", "-g", "--path-as-is"];
  if (request.method === "HEAD") words.push("--head");
  else if (request.method !== "GET" || request.body !== undefined) words.push("-X", request.method);
  words.push(shellQuote(request.url));
  for (const [name, value] of request.headers) {
    if (multipart !== undefined && name.toLowerCase() === "content-type") continue;
    words.push("-H", shellQuote(value === "" ? `${name};` : `${name}: ${value}`));
  }
  if (multipart !== undefined) for (const [name, value] of multipart) words.push("--form-string", shellQuote(`${name}=${value}`));
  else if (request.body !== undefined) words.push("--data-binary", shellQuote(request.body));
  return words.join(" ");
}
