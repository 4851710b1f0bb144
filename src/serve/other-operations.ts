/**
 * The operations of a 3.2 document that a UI knowing only the eight classic methods cannot
 * show (`query` and `additionalOperations`), as a list the page shows above the UI.
 */
import { getOwn, isObject } from "../internal/own";
import { escapeHtml } from "./docs-page";

interface OtherOperation {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
}

function operationsOf(item: unknown, path: string, into: OtherOperation[]): void {
  if (!isObject(item)) return;
  const summaryOf = (operation: unknown) => {
    const summary = isObject(operation) ? (getOwn(operation, "summary") ?? getOwn(operation, "operationId")) : undefined;
    return typeof summary === "string" ? summary : "";
  };
  const query = getOwn(item, "query");
  if (query !== undefined) into.push({ method: "QUERY", path, summary: summaryOf(query) });
  const additional = getOwn(item, "additionalOperations");
  if (!isObject(additional)) return;
  for (const method of Object.keys(additional)) into.push({ method, path, summary: summaryOf(getOwn(additional, method)) });
}

/** Every such operation of `paths` and `webhooks`, in document order. */
export function otherOperations(document: object): OtherOperation[] {
  const found: OtherOperation[] = [];
  for (const field of ["paths", "webhooks"] as const) {
    const items = getOwn(document, field);
    if (!isObject(items)) continue;
    for (const key of Object.keys(items)) operationsOf(getOwn(items, key), field === "paths" ? key : `webhook ${key}`, found);
  }
  return found;
}

/** The notice, or "" when the document has none of them. */
export function otherOperationsNotice(document: object, uiName: string, jsonUrl: string): string {
  const operations = otherOperations(document);
  if (operations.length === 0) return "";
  const items = operations.map(
    (operation) =>
      `<li><code class="method">${escapeHtml(operation.method)}</code> <code class="path">${escapeHtml(operation.path)}</code>${operation.summary === "" ? "" : ` <span class="summary">${escapeHtml(operation.summary)}</span>`}</li>`,
  );
  return `<aside id="specloom-other-operations">
      <h2>Operations ${escapeHtml(uiName)} cannot show</h2>
      <p>${escapeHtml(uiName)} shows the eight classic HTTP methods only. These operations use other methods; <a href="${escapeHtml(jsonUrl)}">the document</a> has them in full.</p>
      <ul>
        ${items.join("\n        ")}
      </ul>
    </aside>
    `;
}
