import { encodeSegment } from "../internal/json-pointer";
import type { SchemaIssue } from "../schema-validator/index";
import type { ResponseIssue } from "./response-types";

/** A schema's issues as response issues: the pointer from the path, in `place`. */
export function issuesAt(place: "header" | "body", issues: readonly SchemaIssue[], name?: string): ResponseIssue[] {
  return issues.map((issue) => {
    const pointer = issue.path.map((key) => `/${encodeSegment(String(key))}`).join("");
    return name === undefined ? { in: place, pointer, message: issue.message } : { in: place, name, pointer, message: issue.message };
  });
}
