/** How a parameter is written in the URL, a header or a cookie (OpenAPI's Parameter Object `style`). */
export type ParameterStyle = "matrix" | "label" | "simple" | "form" | "spaceDelimited" | "pipeDelimited" | "deepObject" | "cookie";

/**
 * One parameter's serialisation, as its Parameter Object has it. Omitted fields take
 * OpenAPI's defaults: `form` for query and cookie, `simple` for path and header; `explode`
 * true for `form` (and `cookie`), false otherwise; `allowReserved` false. `deepObject` is
 * always exploded: the document writes `explode: true` beside it, and `false` is refused.
 */
export interface ParameterEncoding {
  style?: ParameterStyle;
  explode?: boolean;
  /** Query parameters only: reserved characters (`/?:@!$&'()*+,;=`) may appear unencoded. */
  allowReserved?: boolean;
}

/**
 * A route's `styles`: per parameter name, under the field whose schema declares it
 * (`{ query: { filter: { style: "deepObject" } }, params: { ids: { style: "label" } } }`).
 */
export interface ParameterStyles {
  params?: Record<string, ParameterEncoding>;
  query?: Record<string, ParameterEncoding>;
  headers?: Record<string, ParameterEncoding>;
  cookies?: Record<string, ParameterEncoding>;
}
