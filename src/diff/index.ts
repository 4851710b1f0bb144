/** diff(): the changes between two OpenAPI documents, for the core entry point. */
export { diff } from "./diff";
export { DIFF_CHECKS } from "./levels";
export type { DiffChange, DiffIgnore, DiffLevel, DiffOptions, DiffResult, DistinctChange } from "./types";
