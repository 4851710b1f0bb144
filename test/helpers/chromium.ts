/**
 * The Chromium the browser tests drive through playwright-core: `CHROME_PATH` if set, else
 * the first of the usual names on `PATH`. Without one, the error is a single line that says
 * how to get one, instead of a launch failure deep in playwright.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

export const CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] as const;

const HOW_TO_INSTALL = "install one (apt-get install chromium) or set CHROME_PATH to a Chrome or Chromium binary";

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** An error whose whole report is its message: no stack to scroll past. */
function oneLine(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}

/** The path of the Chromium to launch, from `env` (process.env by default). */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.CHROME_PATH;
  if (chosen !== undefined && chosen !== "") {
    if (isExecutableFile(chosen)) return chosen;
    throw oneLine(`CHROME_PATH is ${chosen}, which is not an executable file: ${HOW_TO_INSTALL}`);
  }
  for (const directory of (env.PATH ?? "").split(delimiter)) {
    if (directory === "") continue;
    for (const name of CHROMIUM_NAMES) {
      const candidate = join(directory, name);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  throw oneLine(`The browser test needs a Chromium, and none of ${CHROMIUM_NAMES.join(", ")} is on PATH: ${HOW_TO_INSTALL}`);
}
