/**
 * String formats: a generator of plain, widely accepted values for each format OpenAPI
 * documents use, a check of each, and a value that is not of the format. Values are
 * conservative (`https://a1.example/b`, `x0@a.example`) so that every validator's format
 * check accepts them, not only the most lenient.
 */
import fc from "fast-check";
import { isEmail, isUriReference } from "../internal/formats";

const lower = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789");
const label = fc.string({ unit: lower, minLength: 1, maxLength: 8 }).map((text) => (/^[0-9]/.test(text) ? `a${text}` : text));
const hostname = fc.tuple(label, fc.constantFrom("example", "test", "com", "org")).map(([name, tld]) => `${name}.${tld}`);
const path = fc.array(label, { maxLength: 3 }).map((segments) => segments.map((segment) => `/${segment}`).join(""));
/** 1970 to 2100, whole milliseconds: every RFC 3339 reader takes it. */
const instant = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString());

const GENERATORS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  "date-time": instant,
  date: instant.map((text) => text.slice(0, 10)),
  time: instant.map((text) => text.slice(11)),
  duration: fc.tuple(fc.integer({ min: 0, max: 400 }), fc.constantFrom("D", "W")).map(([n, unit]) => `P${n}${unit}`),
  email: fc.tuple(label, hostname).map(([local, host]) => `${local}@${host}`),
  "idn-email": fc.tuple(label, hostname).map(([local, host]) => `${local}@${host}`),
  hostname,
  "idn-hostname": hostname,
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
  uuid: fc.uuid(),
  uri: fc.tuple(hostname, path).map(([host, rest]) => `https://${host}${rest}`),
  url: fc.tuple(hostname, path).map(([host, rest]) => `https://${host}${rest}`),
  iri: fc.tuple(hostname, path).map(([host, rest]) => `https://${host}${rest}`),
  "uri-reference": fc.oneof(path.map((rest) => rest || "/"), fc.tuple(hostname, path).map(([host, rest]) => `https://${host}${rest}`)),
  "iri-reference": path.map((rest) => rest || "/"),
  "uri-template": fc.tuple(hostname, label).map(([host, name]) => `https://${host}/{${name}}`),
  "json-pointer": path,
  "relative-json-pointer": path.map((rest) => `0${rest}`),
  regex: label.map((text) => `^${text}$`),
  byte: fc.uint8Array({ maxLength: 24 }).map((bytes) => btoa(String.fromCharCode(...bytes))),
};

/** Checks written from each format's RFC, in the common strict reading. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

function isIpv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return false;
  const last = text.slice(text.lastIndexOf(":") + 1);
  const v4 = last.includes(".");
  if (v4 && !IPV4.test(last)) return false;
  const groups = (v4 ? text.slice(0, text.lastIndexOf(":") + 1) + "0:0" : text).split(":");
  const filled = groups.filter((group) => group !== "");
  if (!filled.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  return text.includes("::") ? filled.length < 8 : groups.length === 8;
}

const CHECKS: Readonly<Record<string, (text: string) => boolean>> = {
  "date-time": (text) => {
    const at = text.search(/[Tt ]/);
    return at === 10 && isDate(text.slice(0, 10)) && TIME.test(text.slice(11));
  },
  date: isDate,
  time: (text) => TIME.test(text),
  duration: (text) => DURATION.test(text),
  email: isEmail,
  hostname: (text) => HOSTNAME.test(text),
  ipv4: (text) => IPV4.test(text),
  ipv6: isIpv6,
  uuid: (text) => UUID.test(text),
  uri: (text) => isUriReference(text) && /^[a-z][a-z0-9+.-]*:/i.test(text),
  "uri-reference": isUriReference,
  byte: (text) => BASE64.test(text),
};

/** Values of the format, or undefined for a format this generator does not know (then any string). */
export function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  return Object.hasOwn(GENERATORS, format) ? GENERATORS[format] : undefined;
}

/** Whether `text` is of the format; a format without a check here accepts every string. */
export function isOfFormat(format: string, text: string): boolean {
  const check = Object.hasOwn(CHECKS, format) ? CHECKS[format] : undefined;
  return check === undefined || check(text);
}

/** Whether this generator can check the format (and so break it on purpose). */
export function checksFormat(format: string): boolean {
  return Object.hasOwn(CHECKS, format);
}

/** Strings that are not of a checked format, shortest first. */
export const NOT_OF_FORMAT: readonly string[] = ["%", "not valid", "2024-13-45T99:99:99", "::::::::", "999.1.1.1"];
