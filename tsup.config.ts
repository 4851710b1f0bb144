import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", plugins: "src/plugins/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
  sourcemap: false,
  // One shared chunk for both entry points: one SpecloomError class, one schema cache.
  splitting: true,
});
