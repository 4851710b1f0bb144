import { coerce } from "./coerce";
import { decodeHeader } from "./decode-parameters";
import type { Resolve } from "./json-schema";
import type { ResponseEntry } from "./response-model";
import type { ResponseIssue } from "./response-types";
import { issuesAt } from "./response-issues";
import { Malformed } from "./text-decoding";

/** The response's headers against the entry's: required ones present, each present one valid by its schema (read as `simple`). */
export function checkResponseHeaders(entry: ResponseEntry, headers: Headers, resolve: Resolve): ResponseIssue[] {
  const issues: ResponseIssue[] = [];
  for (const header of entry.headers) {
    const raw = headers.get(header.name);
    if (raw === null) {
      if (header.parameter.required) issues.push({ in: "header", name: header.name, message: "required" });
      continue;
    }
    if (header.validate === undefined) continue;
    const decoded = decodeHeader(raw, header.parameter);
    if (decoded instanceof Malformed) {
      issues.push({ in: "header", name: header.name, pointer: "", message: decoded.message });
      continue;
    }
    const found = header.validate(coerce(decoded, header.parameter.schema, resolve));
    if (found !== undefined) for (const issue of issuesAt("header", found, header.name)) issues.push(issue);
  }
  return issues;
}
