import { it } from "vitest";
import { mockHandler } from "specloom/mock";
import { contractTest } from "specloom/contract";
import petstore from "../examples/petstore";
it("smoke", async () => {
  const mock = mockHandler(petstore);
  const t = Date.now();
  const report = await contractTest(petstore, { fetch: mock, runs: 30 });
  console.log(Date.now() - t, JSON.stringify(report, null, 1).slice(0, 4000));
}, 60000);
