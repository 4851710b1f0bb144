/**
 * Watching the files a preview is built from: the directories they sit in are watched (an
 * editor often replaces a file rather than writing it, which a watch on the file itself
 * would miss), and a burst of changes calls back once.
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";

/** How long file changes are gathered before the callback runs once. */
const DEBOUNCE_MS = 150;

export class FileWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  private watched = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  /** `files()` is read again at each rewatch(): what the input imports can change. */
  constructor(
    private readonly files: () => readonly string[],
    private readonly changed: () => void,
  ) {}

  /** Watches the directories of the files as they are now, and no others. */
  rewatch(): void {
    this.watched = new Set(this.files());
    const directories = new Set([...this.watched].map((file) => dirname(file)));
    for (const [directory, watcher] of this.watchers) {
      if (!directories.has(directory)) {
        watcher.close();
        this.watchers.delete(directory);
      }
    }
    for (const directory of directories) {
      if (this.watchers.has(directory)) continue;
      try {
        const watcher = watch(directory, (_event, name) => {
          if (name === null || [...this.watched].some((file) => dirname(file) === directory && basename(file) === name.toString())) this.schedule();
        });
        watcher.on("error", () => watcher.close());
        this.watchers.set(directory, watcher);
      } catch {
        // A directory that vanished: nothing to watch there.
      }
    }
  }

  close(): void {
    clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.changed, DEBOUNCE_MS);
  }
}
