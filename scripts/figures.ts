/**
 * The measured times and ratios the docs quote, from one source: docs/figures.json, which
 * `npm run bench` writes (bench/figures.ts) for each figure it measured, with what the
 * figure is and when and on how loaded a machine it was measured. Each figure sits in the
 * Markdown between `<!-- figure:KEY -->` and `<!-- /figure -->` (or, in a code block, is
 * named by a `<!-- figure-block: KEY -->` before it); `npm run figures` rewrites the pages
 * from the file (a figure taken over several runs, which one bench run cannot write, is
 * entered in the file by hand, its `measured` saying so), and test/docs/figures.test.ts fails while a page disagrees with it.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { blockMismatches, rewritePages, withBlockValues, withMarkers } from "./markers";

export const FIGURES_FILE = join(import.meta.dirname, "..", "docs", "figures.json");

export interface Figure {
  /** As the pages write it: `40 ms`, `4.3 x`, `0.47 s`. */
  value: string;
  /** What was measured, and by which bench scenario. */
  what: string;
  /** When, with which Node, and the load average on the machine's cores. */
  measured: string;
}

export function readFigures(file = FIGURES_FILE): Record<string, Figure> {
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, Figure>;
}

export function figureValues(figures: Record<string, Figure>): Record<string, string> {
  return Object.fromEntries(Object.entries(figures).map(([key, figure]) => [key, figure.value]));
}

/** The page with every marked figure written as the file says; an unknown key throws. */
export function withFigures(markdown: string, values: Record<string, string>): string {
  return withMarkers(markdown, "figure", values);
}

/** The figures a page's code blocks should quote and do not. */
export function blockFigureMismatches(markdown: string, values: Record<string, string>): string[] {
  return blockMismatches(markdown, "figure", values);
}

/** Writes new figures into the file (others kept) and every page, code blocks included. */
export function updateFigures(measured: Record<string, Figure>): string[] {
  const figures = readFigures();
  const before = figureValues(figures);
  for (const [key, figure] of Object.entries(measured)) figures[key] = figure;
  writeFileSync(`${FIGURES_FILE}.tmp`, `${JSON.stringify(figures, null, 2)}\n`);
  renameSync(`${FIGURES_FILE}.tmp`, FIGURES_FILE);
  const after = figureValues(figures);
  return rewritePages((markdown) => withBlockValues(withFigures(markdown, after), "figure", before, after));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const values = figureValues(readFigures());
  for (const page of rewritePages((markdown) => withFigures(markdown, values))) console.log(`updated ${page}`);
}
