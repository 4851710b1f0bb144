/**
 * GitHub Actions workflow commands: the changes as annotations of the run, at most 10 of
 * each level (what GitHub shows for a step), most severe first, and one notice that counts
 * the rest, written first so it is one of the notices shown.
 */
import type { DiffLevel, DiffResult } from "specloom";
import { reachText, shownChanges } from "./diff-shown";
import { countLine, type OutputOptions } from "./diff-summary";

export const ANNOTATIONS_PER_LEVEL = 10;

const COMMANDS: Readonly<Record<DiffLevel, string>> = { error: "error", warning: "warning", info: "notice" };

/** A change to annotate; its text is made only for those written. */
interface Annotation {
  readonly level: DiffLevel;
  readonly id: string;
  text(): string;
}

export function githubAnnotations(result: DiffResult, options: OutputOptions): string {
  const all: Annotation[] = options.byOperation
    ? result.changes.map((change) => ({ level: change.level, id: change.id, text: () => `${change.operation === undefined ? "" : `${change.operation}: `}${change.message} (${change.location || "/"})` }))
    : shownChanges(result).map((change) => ({
        level: change.level,
        id: change.id,
        text: () => {
          const reach = reachText(change);
          return `${change.message} (${change.location || "/"})${reach === undefined ? "" : `; ${reach}`}`;
        },
      }));
  const of = (level: DiffLevel) => all.filter((annotation) => annotation.level === level);
  const [errors, warnings, notices] = [of("error"), of("warning"), of("info")];
  const cut = (list: Annotation[], room: number) => list.slice(0, room);
  const fits = errors.length <= ANNOTATIONS_PER_LEVEL && warnings.length <= ANNOTATIONS_PER_LEVEL && notices.length <= ANNOTATIONS_PER_LEVEL;
  // The notice that counts the rest takes one of the notices GitHub shows.
  const shown = [...cut(errors, ANNOTATIONS_PER_LEVEL), ...cut(warnings, ANNOTATIONS_PER_LEVEL), ...cut(notices, fits ? ANNOTATIONS_PER_LEVEL : ANNOTATIONS_PER_LEVEL - 1)];
  const lines = shown.map((annotation) => `::${COMMANDS[annotation.level]} title=${property(annotation.id)}::${data(annotation.text())}\n`);
  if (!fits) {
    const written = new Set(shown);
    const rest = all.filter((annotation) => !written.has(annotation));
    const what = options.byOperation ? "changes at operations" : "changes";
    lines.unshift(`::notice title=specloom diff::${data(`${rest.length} more ${what} are not annotated (${countLine(rest).replace(/^[^:]*: /, "")}): the step's log lists them all`)}\n`);
  }
  return lines.join("");
}

/** A command's message, escaped as the runner reads it. */
const data = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
/** A command's property value (`title=`): also no `:` or `,`. */
const property = (text: string) => data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
