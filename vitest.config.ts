import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
  },
});
