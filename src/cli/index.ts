/**
 * The `specloom` command (docs/command.md): generate, merge, validate and preview OpenAPI documents.
 * Built to dist/cli.js; the library is imported as "specloom", so the command and the
 * user's modules share one copy of it.
 */
import { removePendingFiles } from "./output";
import { run } from "./program";

// A failed write to stdout is reported by the write that failed (output.ts writeStdout: one
// line and exit code 1, or for a reader that closed the pipe, as in `| head`, a quiet exit 0);
// without this listener, the stream's error event would also end the process with a stack.
process.stdout.on("error", () => undefined);

// Interrupted mid-write: no temporary file stays behind. (preview installs its own handlers
// to stop the server; these then run after them, so the exit is the same.)
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => {
    removePendingFiles();
    if (process.listenerCount(signal) === 0) process.exit(code);
  });
}

const code = await run(process.argv);
// Exit now, after stderr is flushed, even if a user's module left a timer running.
process.stderr.write("", () => process.exit(code));
