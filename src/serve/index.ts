/**
 * specloom/serve: the document and its docs page from your own server. Web standard only
 * (Request, Response, CompressionStream), so it runs in Node, Bun, Deno, Workers and
 * Next.js route handlers; `specloom/node` adapts it to node:http and Express.
 */
export { docsHandler, type DocsHandler } from "./docs-handler";
export type { DocsHandlerOptions } from "./handler-options";
export type { DocumentSource } from "./document-source";
export { UI_FILES, UI_PACKAGES, type DocsUi, type UiAssets, type UiFile } from "./ui-assets";
