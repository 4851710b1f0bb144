/**
 * The docs page in a real Chromium, for each UI and a 3.1 and a 3.2 document: every
 * operation is on the page, the page renders under its own Content-Security-Policy with no
 * violation, and nothing it loads comes from anywhere but the server's own origin.
 */
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUiAssets, nodeHandler } from "specloom/node";
import { docsHandler, type DocsUi } from "specloom/serve";
import { expectValidOpenAPI } from "../helpers/document";
import { close, launchChromium, listen, operationLines, petsDocument } from "./helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface Visit {
  page: Page;
  foreign: string[];
  violations: string[];
  consoleErrors: string[];
}

/** Opens `url`, recording requests to other origins, CSP violations and console errors. */
async function visit(url: string, origin: string): Promise<Visit> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
  const visit: Visit = { page, foreign: [], violations: [], consoleErrors: [] };
  page.on("request", (request) => {
    if (!request.url().startsWith(`${origin}/`) && !request.url().startsWith("data:")) visit.foreign.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error" || /Content.Security.Policy/i.test(message.text())) visit.consoleErrors.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => visit.violations.push(text));
  // Runs in the page before its own scripts (the policy does not apply to it).
  await page.addInitScript({
    content: `document.addEventListener("securitypolicyviolation", (event) => window.reportViolation(event.violatedDirective + " " + event.blockedURI + " " + event.sourceFile.replace(/\\?.*$/, "")));`,
  });
  await page.goto(url);
  return visit;
}

/** Swagger UI: one `.opblock` per operation, every method included. */
async function swaggerUiOperations(page: Page, count: number): Promise<string[]> {
  await page.locator(".opblock").nth(count - 1).waitFor({ timeout: 30_000 });
  return page.$$eval(".opblock", (blocks) =>
    blocks.map((block) => `${block.querySelector(".opblock-summary-method")?.textContent?.trim()} ${block.querySelector(".opblock-summary-path")?.getAttribute("data-path")} ${block.querySelector(".opblock-summary-description")?.textContent?.trim()}`),
  );
}

/** Scalar: its sidebar lists the classic operations; the page's notice lists the others. */
async function scalarOperations(page: Page, classic: number): Promise<string[]> {
  await page.locator("[data-sidebar-id]").nth(classic - 1).waitFor({ timeout: 30_000 });
  const shown = await page.$$eval("[data-sidebar-id]", (items) =>
    items.flatMap((item) => {
      const match = /\/(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE)(\/.*)$/.exec(item.getAttribute("data-sidebar-id") ?? "");
      return match ? [`${match[1]} ${match[2]} ${item.querySelector(".group\\/button-label")?.textContent?.trim()}`] : [];
    }),
  );
  const listed = await page.$$eval("#specloom-other-operations li", (items) =>
    items.map((item) => `${item.querySelector(".method")?.textContent} ${item.querySelector(".path")?.textContent} ${item.querySelector(".summary")?.textContent}`),
  );
  // A tagged operation is listed under its tag and again in the tag's own list: count it once.
  return [...new Set(shown), ...listed];
}

const CASES = (["swagger-ui", "scalar"] as const).flatMap((ui) => (["3.1.0", "3.2.0"] as const).map((version) => ({ ui, version })));

describe.each(CASES)("the $ui page of a $version document", ({ ui, version }: { ui: DocsUi; version: "3.1.0" | "3.2.0" }) => {
  let server: Server;
  let origin: string;
  const document = petsDocument(version);

  beforeAll(async () => {
    await expectValidOpenAPI(document);
    server = createServer(nodeHandler(docsHandler(document, { assets: createUiAssets(ui) })));
    origin = await listen(server);
  });
  afterAll(() => close(server));

  it("shows every operation, with no CSP violation and no request leaving the origin", async () => {
    const { page, foreign, violations, consoleErrors } = await visit(`${origin}/docs`, origin);
    const want = operationLines(document);
    const classic = want.filter((line) => /^(GET|POST|DELETE) /.test(line)).length;
    const shown = ui === "swagger-ui" ? await swaggerUiOperations(page, want.length) : await scalarOperations(page, classic);
    expect(shown.sort()).toEqual(want);
    expect(await page.title()).toBe(`Pets ${version}`);
    // What a late script would still load: give it a moment.
    await page.waitForTimeout(1_000);
    mkdirSync(join(import.meta.dirname, "..", "..", "test-results"), { recursive: true });
    await page.screenshot({ path: join(import.meta.dirname, "..", "..", "test-results", `serve-${ui}-${version}.png`), fullPage: true });
    expect(consoleErrors).toEqual([]);
    // Scalar's bundled Zod tries `new Function("")` once to learn whether it may compile its
    // validators; the policy refuses (no unsafe-eval), Zod catches it and validates without.
    // That refusal is the only one: any other would show here.
    expect(violations).toEqual(ui === "scalar" ? [`script-src eval ${origin}/docs/assets/standalone.js`] : []);
    expect(foreign).toEqual([]);
    await page.close();
  });
});
