/** merge() and createMerge(): several OpenAPI documents into one (SPEC.md 4.2, issue 4). */
export { createMerge, merge } from "./merge";
export type { ComponentClashMode, MergeFunction, MergeOptions } from "./options";
