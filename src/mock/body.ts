/**
 * A value written as a body of its media type: JSON for JSON types, the text itself for a
 * string in `text/*` and other types, form fields for `application/x-www-form-urlencoded`
 * and `multipart/form-data`. A range such as `text/*` answers with a concrete type.
 */
import { isObject } from "../internal/own";
import { isJsonMedia } from "./accept";

export interface Body {
  readonly body: string | FormData | null;
  /** Undefined for multipart: the platform writes the type with its boundary. */
  readonly contentType: string | undefined;
}

/** The concrete type to send for a declared one (`*\/*`, `text/*`, `image/*` are ranges). */
function concrete(media: string, value: unknown): string {
  if (!media.includes("*")) return media;
  if (media.startsWith("text/")) return "text/plain";
  if (media === "*/*") return typeof value === "string" ? "text/plain" : "application/json";
  return "application/octet-stream";
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Each property as form fields: a list is one field per item, an object its JSON. */
function fields(value: unknown, add: (name: string, text: string) => void): void {
  if (!isObject(value)) return;
  for (const name of Object.keys(value)) {
    const field = value[name];
    if (Array.isArray(field)) for (const item of field) add(name, text(item));
    else if (field !== undefined) add(name, text(field));
  }
}

export function bodyOf(value: unknown, media: string): Body {
  const type = media.split(";")[0]?.trim().toLowerCase() ?? "";
  if (isJsonMedia(type)) return { body: JSON.stringify(value), contentType: media };
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    fields(value, (name, field) => form.append(name, field));
    return { body: form.toString(), contentType: media };
  }
  if (type === "multipart/form-data") {
    const form = new FormData();
    fields(value, (name, field) => form.append(name, field));
    return { body: form, contentType: undefined };
  }
  const contentType = concrete(media, value);
  return { body: isJsonMedia(contentType) ? JSON.stringify(value) : text(value), contentType };
}
