/** The fuzz targets by the name `--target` gives them. */
import type { FuzzTarget } from "../support/runner";
import { mergeTarget } from "./merge";
import { openapiTarget } from "./openapi";

export const TARGETS: Record<string, FuzzTarget<unknown>> = { openapi: openapiTarget, merge: mergeTarget };
