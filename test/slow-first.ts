/**
 * The order vitest starts the test files in: the slowest first, so that on two cores the
 * long ones overlap with everything else instead of running alone at the end. A fresh clone
 * has no timings cached, and vitest would start the largest files first, which are not the
 * slowest (the clone test is short and installs the package three times).
 */
import type { TestSpecification } from "vitest/node";
import { BaseSequencer } from "vitest/node";

/** The files that take longest, slowest first (measured with `npx vitest run --reporter=verbose`). */
export const SLOWEST = [
  "test/cli/clone-install.test.ts",
  "test/cli/clone-pack.test.ts",
  "test/docs/readme.test.ts",
  "test/diff/robustness.test.ts",
  "test/serve/browser.test.ts",
  "test/cli/merge.test.ts",
  "test/cli/generate.test.ts",
];

export default class SlowFirst extends BaseSequencer {
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
