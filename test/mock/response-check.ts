/**
 * Is a mock's answer what the document declares? Asked of the response checker
 * (`responseValidator` from specloom/http: status, required headers, media type, body),
 * which must find nothing wrong; the body is handed back parsed for the test to look at.
 */
import { expect } from "vitest";
import { responseValidator, type ResponseValidator } from "specloom/http";
import type { OpenAPIDocument } from "specloom";

export class ResponseJudge {
  private readonly checker: ResponseValidator<OpenAPIDocument>;

  constructor(document: Record<string, unknown>) {
    this.checker = responseValidator(document as unknown as OpenAPIDocument);
  }

  /** Checks `response` for the operation at `method` and `path` (as the document writes it); returns its body, parsed when JSON. */
  async expectDeclared(method: string, path: string, response: Response): Promise<unknown> {
    const text = await response.clone().text();
    expect(await this.checker.check(`${method.toUpperCase()} ${path}` as never, response), `${method} ${path} ${response.status}: ${text}`).toEqual({ ok: true });
    return (response.headers.get("content-type") ?? "").includes("json") ? (JSON.parse(text) as unknown) : text;
  }
}
