/**
 * Where user code called a builder method, so an error found later (in `.document()`)
 * still points at the line that added the route. V8 only; elsewhere there is no site.
 * The stack is captured cheaply (one frame) and formatted only if an error needs it.
 */
type Capture = (target: object, skip?: (...args: never[]) => unknown) => void;

export interface CallSite {
  readonly stack?: string;
}

export function captureCallSite(skip: (...args: never[]) => unknown): CallSite | undefined {
  const capture = (Error as unknown as { captureStackTrace?: Capture }).captureStackTrace;
  if (typeof capture !== "function") return undefined;
  const errorClass = Error as unknown as { stackTraceLimit?: number };
  const limit = errorClass.stackTraceLimit;
  const site: { stack?: string } = {};
  try {
    errorClass.stackTraceLimit = 1;
    capture(site, skip);
  } finally {
    errorClass.stackTraceLimit = limit;
  }
  return site;
}

/** `file:line:column` of a captured site, or undefined. */
export function formatCallSite(site: CallSite | undefined): string | undefined {
  const line = site?.stack?.split("\n").find((text) => /^\s+at /.test(text));
  if (!line) return undefined;
  const inParens = /\((.*)\)\s*$/.exec(line);
  const text = (inParens ? inParens[1] : line.replace(/^\s+at\s+/, "")) as string;
  return text.replace(/^file:\/\//, "");
}
