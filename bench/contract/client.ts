/**
 * The contract scenario's client, in its own process: contractTest (dist/contract.js) of the
 * OAI's petstore-expanded.yaml, the same seed every round, by `process.argv[2]`:
 *   in-process   sending through the `fetch` option to mockHandler (dist/mock.js) in this process
 *   floor        the same requests (recorded in the untimed first round) sent straight to
 *                mockHandler: no generation, no judging, no checking of answers
 *   http         sending to the mock server at `process.argv[3]` (mock/server.ts, its own process)
 * Three untimed rounds, then 9 timed ones; sends { requests, milliseconds } per round to the parent.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type * as Contract from "specloom/contract";
import type * as Mock from "specloom/mock";
import { MOCKED_DOCUMENT } from "../mock/document";
import { ROOT_URL } from "../root";

const [mode, origin] = process.argv.slice(2);
const ROUNDS = 9;
const WARMUP = 2;
const RUNS = 50;

const { contractTest } = (await import(new URL("dist/contract.js", ROOT_URL).href)) as typeof Contract;
const { mockHandler } = (await import(new URL("dist/mock.js", ROOT_URL).href)) as typeof Mock;
const document = parse(readFileSync(new URL(MOCKED_DOCUMENT, ROOT_URL), "utf8")) as never;
const mock = mockHandler(document);
const options = { runs: RUNS, seed: 1 };

const recorded: Request[] = [];
// The untimed first round: JIT, the validators compiled, the mock's answers made; the requests recorded.
const first = await contractTest(document, { ...options, fetch: (request) => (recorded.push(request.clone()), mock(request)) });
if (!first.ok) throw new Error("the contract test of the mock failed");
// Two more untimed rounds in the mode measured: one left the engine half warm (rounds 2 x apart).
for (let round = 0; round < WARMUP; round++) {
  if (mode === "floor") for (const request of recorded) await (await mock(request.clone())).arrayBuffer();
  else await contractTest(document, mode === "http" ? { ...options, baseUrl: origin as string } : { ...options, fetch: mock });
}

const rounds: { requests: number; milliseconds: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const copies = mode === "floor" ? recorded.map((request) => request.clone()) : [];
  const started = performance.now();
  let requests: number;
  if (mode === "floor") {
    for (const request of copies) await (await mock(request)).arrayBuffer();
    requests = copies.length;
  } else {
    const report = await contractTest(document, mode === "http" ? { ...options, baseUrl: origin as string } : { ...options, fetch: mock });
    if (!report.ok) throw new Error(`the contract test of the mock failed (${mode})`);
    requests = report.requests;
  }
  rounds.push({ requests, milliseconds: performance.now() - started });
}
process.send?.(rounds);
