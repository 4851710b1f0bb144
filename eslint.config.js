import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "coverage/", "test/.readme/", "test/.package/", "test/.paths-of/", "test/.typed-clients/", ".build/", ".bench/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "prefer-const": "error",
    },
  },
  {
    // Code the next engineer can read: a function fits on a screen.
    files: ["src/**/*.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
      "max-lines": ["error", { max: 320, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The core entry point must run in browsers, Deno and Workers: no Node built-ins.
    files: ["src/**/*.ts"],
    // The command, specloom/node and the Node frameworks' integrations may use them.
    ignores: ["src/cli/**", "src/node/**", "src/express/**", "src/fastify/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["node:*", "fs", "path", "url", "os", "module"], message: "The core has no Node built-ins (DESIGN.md)." }] }],
    },
  },
);
