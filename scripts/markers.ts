/**
 * Figures the docs quote, written between markers so a script can rewrite them and a test
 * can check them: `<!-- KIND:KEY -->value<!-- /KIND -->` in the text of README.md and the
 * pages under docs/ (`size` for the package sizes, scripts/sizes.ts; `figure` for measured
 * times and ratios, scripts/figures.ts). Inside a code block a marker would show, so a block
 * that quotes figures is preceded by `<!-- KIND-block: KEY, KEY -->` and must contain each
 * value as written.
 */
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

/** The Markdown files that may quote figures: README.md and docs/. */
export function pages(): string[] {
  return [join(root, "README.md"), ...readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => join(root, "docs", name))];
}

const inline = (kind: string) => new RegExp(`(<!-- ${kind}:([\\w-]+) -->)([\\s\\S]*?)(<!-- \\/${kind} -->)`, "g");
const block = (kind: string) => new RegExp(`<!-- ${kind}-block: ([\\w, -]+) -->\\s*\\n(\`{3,}[^\\n]*\\n)([\\s\\S]*?\\n)(\`{3,})`, "g");

function valueOf(kind: string, key: string, values: Record<string, string>): string {
  const value = values[key];
  if (value === undefined) throw new Error(`unknown ${kind} key "${key}" (known: ${Object.keys(values).join(", ")})`);
  return value;
}

/** The page with every marked figure of `kind` replaced by its value; an unknown key throws. */
export function withMarkers(markdown: string, kind: string, values: Record<string, string>): string {
  return markdown.replace(inline(kind), (_match, open: string, key: string, _old: string, close: string) => `${open}${valueOf(kind, key, values)}${close}`);
}

/** Each block marker of `kind` whose block does not contain a value it names, as `key: value`. */
export function blockMismatches(markdown: string, kind: string, values: Record<string, string>): string[] {
  const missing: string[] = [];
  for (const match of markdown.matchAll(block(kind))) {
    for (const key of (match[1] as string).split(",").map((k) => k.trim())) {
      const value = valueOf(kind, key, values);
      if (!(match[3] as string).includes(value)) missing.push(`${key}: ${value}`);
    }
  }
  return missing;
}

/** In each block marked for a key whose value changes from `before` to `after`, the old value written anew. */
export function withBlockValues(markdown: string, kind: string, before: Record<string, string>, after: Record<string, string>): string {
  return markdown.replace(block(kind), (match: string, keys: string, fence: string, body: string, close: string) => {
    let text = body;
    for (const key of keys.split(",").map((k) => k.trim())) {
      const old = before[key];
      const now = valueOf(kind, key, after);
      if (old !== undefined && old !== now) text = text.split(old).join(now);
    }
    return match.slice(0, match.length - fence.length - body.length - close.length) + fence + text + close;
  });
}

/** Every key the pages quote, marked inline or in a block marker. */
export function quotedKeys(markdown: string, kind: string): string[] {
  const keys = [...markdown.matchAll(inline(kind))].map((match) => match[2] as string);
  for (const match of markdown.matchAll(block(kind))) keys.push(...(match[1] as string).split(",").map((k) => k.trim()));
  return keys;
}

/** Writes `rewrite(page)` over each page it changes (through a temporary file); returns the pages changed. */
export function rewritePages(rewrite: (markdown: string) => string): string[] {
  const changed: string[] = [];
  for (const page of pages()) {
    const before = readFileSync(page, "utf8");
    const after = rewrite(before);
    if (after === before) continue;
    writeFileSync(`${page}.tmp`, after);
    renameSync(`${page}.tmp`, page);
    changed.push(page.slice(root.length + 1));
  }
  return changed;
}
