/**
 * The `specloom` command (issue 7): generate, merge, validate and preview OpenAPI documents.
 * Built to dist/cli.js; the library is imported as "specloom", so the command and the
 * user's modules share one copy of it.
 */
import { ExitCode } from "./errors";
import { removePendingFiles } from "./output";
import { run } from "./program";

// Writing to a closed pipe (`specloom generate x.ts | head`) is not an error worth a stack.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(ExitCode.ok);
  throw error;
});

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
