import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order vitest starts the test files in: the slowest first, so that on two cores the
 * long ones overlap with everything else instead of running alone at the end. A fresh clone
 * has no timings cached, and vitest would start the largest files first, which are not the
 * slowest (the clone tests are short and install the package).
 *
 * SLOWEST: the files that take longest, slowest first, as measured with the JSON reporter
 * (`npx vitest run --reporter=json`): the two clone tests install and build a copy of the
 * package, the others spawn processes or run TypeScript over generated files.
 */
const SLOWEST = [
  "test/cli/clone-pack.test.ts",
  "test/cli/clone-install.test.ts",
  "test/docs/readme.test.ts",
  "test/cli/generate.test.ts",
  "test/cli/merge.test.ts",
  "test/docs/typed-clients.test.ts",
  "test/package/tarball.test.ts",
  "test/types/definition-forms.test.ts",
  "test/serve/recipes.test.ts",
  "test/types/openapi-fetch.test.ts",
  "test/cli/overlay.test.ts",
  "test/package/precompiled-validators.test.ts",
  "test/types/validated-request.test.ts",
  "test/serve/browser.test.ts",
  "test/core/large-arrays.test.ts",
  "test/cli/diff.test.ts",
  "test/diff/robustness.test.ts",
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? SLOWEST.length : index;
    };
    // Array.prototype.sort is stable: the others keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: {
    alias: [
      { find: /^specloom\/serve$/, replacement: fileURLToPath(new URL("./src/serve/index.ts", import.meta.url)) },
      { find: /^specloom\/node$/, replacement: fileURLToPath(new URL("./src/node/index.ts", import.meta.url)) },
      { find: /^specloom\/plugins$/, replacement: fileURLToPath(new URL("./src/plugins/index.ts", import.meta.url)) },
      { find: /^specloom\/express$/, replacement: fileURLToPath(new URL("./src/express/index.ts", import.meta.url)) },
      { find: /^specloom\/fastify$/, replacement: fileURLToPath(new URL("./src/fastify/index.ts", import.meta.url)) },
      { find: /^specloom\/hono$/, replacement: fileURLToPath(new URL("./src/hono/index.ts", import.meta.url)) },
      { find: /^specloom\/http$/, replacement: fileURLToPath(new URL("./src/http/index.ts", import.meta.url)) },
      { find: /^specloom\/mock$/, replacement: fileURLToPath(new URL("./src/mock/index.ts", import.meta.url)) },
      { find: /^specloom\/contract$/, replacement: fileURLToPath(new URL("./src/contract/index.ts", import.meta.url)) },
      { find: /^specloom\/overlay$/, replacement: fileURLToPath(new URL("./src/overlay/index.ts", import.meta.url)) },
      { find: /^specloom$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    // Two files at a time on two cores (vitest's default leaves one core idle), and the
    // slowest started first (SlowFirst above), so no long file runs alone at the end.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirst },
  },
});
