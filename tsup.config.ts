import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The library: no dependencies, no Node built-ins; runs anywhere.
    entry: { index: "src/index.ts", plugins: "src/plugins/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    target: "es2022",
    platform: "neutral",
    sourcemap: false,
    // One shared chunk for both entry points: one SpecloomError class, one schema cache.
    splitting: true,
  },
  {
    // The `specloom` command: Node only, its dependencies stay external.
    entry: { cli: "src/cli/index.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    sourcemap: false,
    splitting: false,
    banner: { js: "#!/usr/bin/env node" },
  },
]);
