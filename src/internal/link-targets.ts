import { operationsOf, type DocumentProblem } from "./document-checks";
import { encodeSegment, pointerTokens, resolvePointer } from "./json-pointer";
import { getOwn, isObject } from "./own";

/**
 * Links whose target is not in the document. OpenAPI: `operationId` is "the name of an
 * existing, resolvable OAS operation", `operationRef` "a relative or absolute URI reference
 * to an OAS operation". An operationId must name an operation of the document; an
 * operationRef that is a fragment (`#/paths/~1users~1{id}/get`) must point at one. An
 * operationRef to another document cannot be judged here and is left alone. Iterative.
 */
export function linkProblems(document: unknown): DocumentProblem[] {
  const operations = operationsOf(document);
  const ids = new Set<string>();
  for (const { operation } of operations) {
    const id = getOwn(operation, "operationId");
    if (typeof id === "string") ids.add(id);
  }
  const problems: DocumentProblem[] = [];
  const checkLinks = (links: unknown, pointer: string) => {
    if (!isObject(links)) return;
    for (const name of Object.keys(links)) {
      const link = links[name];
      if (!isObject(link) || typeof getOwn(link, "$ref") === "string") continue;
      const at = `${pointer}/${encodeSegment(name)}`;
      const id = getOwn(link, "operationId");
      const ref = getOwn(link, "operationRef");
      if (typeof id === "string" && !ids.has(id)) {
        problems.push({ pointer: `${at}/operationId`, message: `the link names the operationId "${id}", which no operation of the document has` });
      } else if (typeof ref === "string" && ref.startsWith("#") && !isOperation(document, ref)) {
        problems.push({ pointer: `${at}/operationRef`, message: `the link's operationRef "${ref}" points to no operation of the document` });
      }
    }
  };
  const checkResponses = (responses: unknown, pointer: string) => {
    if (!isObject(responses)) return;
    for (const status of Object.keys(responses)) {
      const response = responses[status];
      if (isObject(response)) checkLinks(getOwn(response, "links"), `${pointer}/${encodeSegment(status)}/links`);
    }
  };
  for (const { operation, pointer } of operations) checkResponses(getOwn(operation, "responses"), `${pointer}/responses`);
  const components = isObject(document) ? getOwn(document, "components") : undefined;
  if (isObject(components)) {
    checkResponses(getOwn(components, "responses"), "/components/responses");
    checkLinks(getOwn(components, "links"), "/components/links");
  }
  return problems;
}

/** Whether a fragment points at an object of the document (what an operation is; its shape the schema checks). */
function isOperation(document: unknown, ref: string): boolean {
  const tokens = pointerTokens(ref.slice(1));
  if (tokens === undefined || tokens.length === 0) return false;
  const found = resolvePointer(document, tokens);
  return "value" in found && isObject(found.value);
}
