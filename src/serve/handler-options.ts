/** docsHandler()'s options, and their checks at creation: every mistake is a SpecloomError naming the option. */
import { SpecloomError, describeValue } from "../errors";
import { getOwn, isObject } from "../internal/own";
import { UI_PACKAGES, isDocsUi, type DocsUi, type UiAssets } from "./ui-assets";

export interface DocsHandlerOptions {
  /** The path everything is served under: the page at `{base}`, the document at `{base}/openapi.json`. Default `/docs`. */
  base?: string;
  /** The documentation UI, or false for the document alone. Default: `assets.ui`, else `"swagger-ui"`. */
  ui?: DocsUi | false;
  /** The UI's files: `createUiAssets(ui)` from `specloom/node`, or a reader of your own. */
  assets?: UiAssets;
  /** The page's title. Default: the document's `info.title`. */
  title?: string;
  /** Serves a request only when this returns true; any other request gets `undefined`, as an unknown URL does. */
  allow?: (request: Request) => boolean | Promise<boolean>;
  /** Your policy's nonce for this request: the page's `<script>` and `<link>` elements carry it. */
  nonce?: (request: Request) => string | undefined;
  /** A server-sent events URL; on each `change` event the page loads the document again. */
  events?: string;
}

export interface CheckedOptions {
  /** `base` without its trailing slash: "" for `/`. */
  readonly prefix: string;
  readonly ui: DocsUi | false;
  readonly assets: UiAssets | undefined;
  readonly title: string | undefined;
  readonly allow: ((request: Request) => boolean | Promise<boolean>) | undefined;
  readonly nonce: ((request: Request) => string | undefined) | undefined;
  readonly events: string | undefined;
}

// Path segments of unreserved and sub-delimiter characters (RFC 3986), none "." or "..".
const BASE = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]+)*\/?$/;

const fail = (option: string, detail: string) => new SpecloomError("INVALID_DEFINITION", `docsHandler options.${option}`, detail);

function optionalFunction<T>(options: object, name: string): T | undefined {
  const value = getOwn(options, name);
  if (value !== undefined && typeof value !== "function") throw fail(name, `expected a function, found ${describeValue(value)}`);
  return value as T | undefined;
}

function checkedAssets(ui: DocsUi | false, assets: unknown): UiAssets | undefined {
  if (ui === false) return undefined;
  const install = `npm install ${UI_PACKAGES[ui]}`;
  if (assets === undefined) {
    throw fail("assets", `the ${ui} page needs the UI's files: in Node, Bun and Deno pass createUiAssets("${ui}") from specloom/node (it reads the ${UI_PACKAGES[ui]} package: ${install}), or set ui: false to serve the document alone`);
  }
  if (!isObject(assets) || typeof getOwn(assets, "read") !== "function") throw fail("assets", `expected { ui, read(name) }, found ${describeValue(assets)}`);
  if (getOwn(assets, "ui") !== ui) throw fail("assets", `holds the files of ${describeValue(getOwn(assets, "ui"))}, but ui is "${ui}"`);
  return assets as unknown as UiAssets;
}

export function checkOptions(options: unknown): CheckedOptions {
  if (options === undefined) options = {};
  if (!isObject(options)) throw new SpecloomError("INVALID_DEFINITION", "docsHandler options", `expected an object, found ${describeValue(options)}`);
  const base = getOwn(options, "base") ?? "/docs";
  if (typeof base !== "string" || !BASE.test(base)) throw fail("base", `expected a path such as "/docs" (starting with "/", no "." or ".." segment, no "?", "#" or "%"), found ${describeValue(base)}`);
  const assetsOption = getOwn(options, "assets");
  const assetsUi = isObject(assetsOption) ? getOwn(assetsOption, "ui") : undefined;
  const ui = getOwn(options, "ui") ?? (isDocsUi(assetsUi) ? assetsUi : "swagger-ui");
  if (ui !== false && !isDocsUi(ui)) throw fail("ui", `expected "swagger-ui", "scalar" or false, found ${describeValue(ui)}`);
  const title = getOwn(options, "title");
  if (title !== undefined && typeof title !== "string") throw fail("title", `expected a string, found ${describeValue(title)}`);
  const events = getOwn(options, "events");
  if (events !== undefined && (typeof events !== "string" || !events.startsWith("/"))) throw fail("events", `expected a path starting with "/", found ${describeValue(events)}`);
  return {
    prefix: base.endsWith("/") ? base.slice(0, -1) : base,
    ui,
    assets: checkedAssets(ui, assetsOption),
    title,
    allow: optionalFunction(options, "allow"),
    nonce: optionalFunction(options, "nonce"),
    events,
  };
}
