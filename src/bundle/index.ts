/** Bundling: one self-contained document from a document split across files. */
export { bundle, type BundleEntry, type BundleOptions } from "./bundle";
export type { BundleLoader, BundleParser } from "./documents";
