/**
 * Every relative link of README.md, CONTRIBUTING.md, CHANGELOG.md and the pages under docs/
 * points at a file of the repository, and a `#fragment` at a heading of that page, with
 * the anchors GitHub gives headings (github-slugger, on the heading's text without its
 * Markdown). User-facing pages speak of the product only: no issue numbers, no paths
 * outside the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

function pages(): string[] {
  const files = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"].map((file) => join(root, file));
  for (const entry of readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" }).sort()) {
    if (entry.endsWith(".md")) files.push(join(root, "docs", entry));
  }
  return files;
}

/** The Markdown without fenced code blocks, where `#` and `[x](y)` mean nothing. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The text GitHub renders for a heading: code spans, links and emphasis reduced to their text. */
function headingText(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__|\*|_)(\S[^*_]*?)\1/g, "$2")
    .trim();
}

/** The anchors of a page's headings, repeats numbered as GitHub numbers them. */
function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  for (const match of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) found.add(slugger.slug(headingText(match[1] as string)));
  return found;
}

/** Inline links and images whose target is not a URL with a scheme. */
function relativeLinks(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of prose(markdown).replace(/`[^`\n]*`/g, "").matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] as string;
    if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) targets.push(target);
  }
  return targets;
}

const all = pages().map((path) => ({ name: relative(root, path), path, text: readFileSync(path, "utf8") }));

describe("GitHub's heading anchors, as this test computes them", () => {
  it("drop code marks and punctuation, keep hyphens and underscores, and number repeats", () => {
    expect([...anchors("# `extend(schema, overlay)`: what a library cannot say\n## Errors\n## Errors\n## `specloom merge <base> <source...>`\n## OpenAPI 3.0 conversions\n## snake_case and [a link](x.md)")]).toEqual([
      "extendschema-overlay-what-a-library-cannot-say",
      "errors",
      "errors-1",
      "specloom-merge-base-source",
      "openapi-30-conversions",
      "snake_case-and-a-link",
    ]);
  });

  it("ignore headings and links inside code blocks", () => {
    const markdown = "# Title\n\n```sh\n# not a heading\necho [x](missing.md)\n```\n";
    expect([...anchors(markdown)]).toEqual(["title"]);
    expect(relativeLinks(markdown)).toEqual([]);
  });
});

describe.each(all)("$name", ({ path, text }) => {
  it("links only to files that exist, and to headings those pages have", () => {
    const broken: string[] = [];
    for (const target of relativeLinks(text)) {
      const [file, fragment] = target.split("#", 2) as [string, string | undefined];
      const destination = file === "" ? path : join(dirname(path), decodeURIComponent(file));
      if (!existsSync(destination)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (fragment === undefined || fragment === "") continue;
      if (statSync(destination).isDirectory() || !destination.endsWith(".md")) {
        broken.push(`${target}: an anchor into something that is not a Markdown page`);
        continue;
      }
      if (!anchors(readFileSync(destination, "utf8")).has(fragment)) broken.push(`${target}: no heading with this anchor`);
    }
    expect(broken).toEqual([]);
  });

  it("speaks of the product only: no issues, sessions or paths outside the repository", () => {
    expect(text).not.toMatch(/\bissues? \d|\bsessions?\b|\.\.\/shared|\/work\/|first design/i);
  });
});
