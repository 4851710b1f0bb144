/**
 * The bodies one handler serves, each made on first need and kept: the document as JSON and
 * as YAML, the UI's files, the start script and the page.
 */
import { stringify } from "yaml";
import type { CheckedOptions } from "./handler-options";
import { docsPageHtml, type PageParts } from "./docs-page";
import { otherOperationsNotice } from "./other-operations";
import { PreparedBody } from "./prepared-body";
import { SpecloomError, describeValue } from "../errors";
import { getOwn, isObject } from "../internal/own";
import { UI_FILES, UI_PACKAGES, type DocsUi } from "./ui-assets";
import { START_SCRIPT, UI_PAGES } from "./ui-pages";

const encoder = new TextEncoder();
const text = (body: string, contentType: string) => new PreparedBody(encoder.encode(body), { contentType, compressible: true });

/** Makes a value once, on first call; a failure is kept too (the source is called once). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}

export class DocsBodies {
  readonly json: () => Promise<PreparedBody>;
  readonly yaml: () => Promise<PreparedBody>;
  readonly page: () => Promise<{ body: PreparedBody; parts: PageParts }>;
  readonly #assets = new Map<string, () => Promise<PreparedBody>>();

  constructor(document: () => Promise<object>, options: CheckedOptions) {
    this.json = once(async () => text(JSON.stringify(await document()), "application/json; charset=utf-8"));
    this.yaml = once(async () => text(stringify(await document(), { aliasDuplicateObjects: false, lineWidth: 0 }), "application/yaml; charset=utf-8"));
    if (options.ui !== false) this.#addAssets(options.ui, options);
    this.page = once(async () => {
      const parts = await this.#pageParts(await document(), options);
      return { body: text(docsPageHtml(parts), "text/html; charset=utf-8"), parts };
    });
  }

  hasAsset(name: string): boolean {
    return this.#assets.has(name);
  }

  /** The body of the UI file `name`, or undefined when the UI has no such file. */
  asset(name: string): Promise<PreparedBody> | undefined {
    return this.#assets.get(name)?.();
  }

  #addAssets(ui: DocsUi, options: CheckedOptions): void {
    const assets = options.assets;
    for (const file of UI_FILES[ui]) {
      this.#assets.set(
        file.name,
        once(async () => {
          const bytes = await assets?.read(file.name);
          if (!(bytes instanceof Uint8Array)) throw new SpecloomError("INVALID_DEFINITION", "docsHandler options.assets", `read("${file.name}") returned ${describeValue(bytes)}, expected the bytes of that file of ${UI_PACKAGES[ui]}`);
          return new PreparedBody(bytes, { contentType: file.contentType, compressible: !file.contentType.startsWith("image/") });
        }),
      );
    }
    const start = text(UI_PAGES[ui].start, "text/javascript; charset=utf-8");
    this.#assets.set(START_SCRIPT, () => Promise.resolve(start));
  }

  async #pageParts(document: object, options: CheckedOptions): Promise<PageParts> {
    // The handler asks for a page only when there is a UI.
    const ui = UI_PAGES[options.ui as DocsUi];
    // Each file's URL carries its content hash, so a cached copy is never stale.
    const versions = new Map<string, string>();
    for (const [name, body] of this.#assets) versions.set(name, await (await body()).hash());
    const info = getOwn(document, "info");
    const title = options.title ?? (isObject(info) && typeof getOwn(info, "title") === "string" ? (getOwn(info, "title") as string) : "API documentation");
    const url = `${options.prefix}/openapi.json`;
    return {
      title,
      ui,
      assetUrl: (name) => `${options.prefix}/assets/${name}?v=${versions.get(name) ?? ""}`,
      settings: options.events === undefined ? { url } : { url, events: options.events },
      notice: options.ui === "scalar" ? otherOperationsNotice(document, "Scalar", url) : "",
    };
  }
}
