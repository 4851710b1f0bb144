import { isEmail, isUriReference } from "../internal/formats";
import { fail, type Check } from "./types";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** RFC 3339 full-date: a real day (29 February only in a leap year). */
function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > (DAYS[month - 1] as number)) return false;
  return month !== 2 || day < 29 || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
}

/** RFC 3339 full-time, with its offset (a leap second only as :60). */
function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (match === null) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3]) <= 60;
}

function isDateTime(text: string): boolean {
  const split = text.search(/[Tt ]/);
  return split === 10 && isDate(text.slice(0, 10)) && isTime(text.slice(11));
}

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || text.length > 45) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/**
 * The formats checked (the common ones whose meaning is fixed); any other `format` is an
 * annotation, as JSON Schema 2020-12 makes every format by default.
 */
const FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  "date-time": isDateTime,
  date: isDate,
  time: isTime,
  email: isEmail,
  uuid: (text) => UUID.test(text),
  uri: (text) => SCHEME.test(text) && isUriReference(text),
  "uri-reference": isUriReference,
  ipv4: (text) => IPV4.test(text),
  ipv6: isIpv6,
};

export const CHECKED_FORMATS: readonly string[] = Object.keys(FORMATS);

export function formatCheck(format: string): Check | undefined {
  if (!Object.prototype.hasOwnProperty.call(FORMATS, format)) return undefined;
  const test = FORMATS[format] as (text: string) => boolean;
  const message = `expected a string in the ${format} format`;
  return (value, out, at) => typeof value !== "string" || test(value) || fail(out, at, message);
}
