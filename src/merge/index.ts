/** merge() and createMerge(): several OpenAPI documents into one (docs/merge.md). */
export { createMerge, merge } from "./merge";
export type { ComponentClashMode, MergeFunction, MergeOptions } from "./options";
