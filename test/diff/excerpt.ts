/**
 * A small document cut from a real one: the places `pointers` name, each kept whole, and
 * the objects on the way to them with their `type` and `title` only. A parameter list keeps
 * its path parameters (the operation's path needs them).
 */
import type { Json } from "./fixtures";

const tokens = (pointer: string) => pointer.split("/").slice(1).map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));

export function excerpt(document: Json, pointers: readonly string[]): Json {
  const info = document.info as Json;
  const cut: Json = { openapi: document.openapi, info: { title: info.title, version: info.version } };
  for (const pointer of pointers) {
    const keys = tokens(pointer);
    let [from, to]: [unknown, Json] = [document, cut];
    keys.forEach((key, i) => {
      from = (from as Json)[key];
      if (i === keys.length - 1) {
        const kept = key === "parameters" ? (from as Json[]).filter((parameter) => parameter.in === "path") : from;
        to[key] = structuredClone(kept);
        return;
      }
      if (to[key] === undefined) {
        const next: Json = {};
        for (const name of ["type", "title"]) if (typeof (from as Json)[name] === "string") next[name] = (from as Json)[name];
        to[key] = next;
      }
      to = to[key] as Json;
    });
  }
  return cut;
}
