import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import SlowFirst from "./test/slow-first";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^specloom\/serve$/, replacement: fileURLToPath(new URL("./src/serve/index.ts", import.meta.url)) },
      { find: /^specloom\/node$/, replacement: fileURLToPath(new URL("./src/node/index.ts", import.meta.url)) },
      { find: /^specloom\/plugins$/, replacement: fileURLToPath(new URL("./src/plugins/index.ts", import.meta.url)) },
      { find: /^specloom\/http$/, replacement: fileURLToPath(new URL("./src/http/index.ts", import.meta.url)) },
      { find: /^specloom\/mock$/, replacement: fileURLToPath(new URL("./src/mock/index.ts", import.meta.url)) },
      { find: /^specloom\/overlay$/, replacement: fileURLToPath(new URL("./src/overlay/index.ts", import.meta.url)) },
      { find: /^specloom$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    // Two files at a time on two cores (vitest's default leaves one core idle), and the
    // slowest started first (test/slow-first.ts), so no long file runs alone at the end.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirst },
  },
});
