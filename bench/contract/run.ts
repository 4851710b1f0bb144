/**
 * The contract scenario: contract-test requests per second against the mock of the OAI's
 * petstore-expanded.yaml, in-process (the `fetch` option) and over HTTP (the mock in its own
 * process, mock/server.ts), with the floor of the same requests sent straight to the mock.
 * Each mode runs in a client process of its own (client.ts); the median of its rounds.
 */
import { fork } from "node:child_process";
import { medianOf, startServer, stopServer } from "../serve/processes";

export const CONTRACT_MODES = ["in-process", "floor", "http"] as const;

export interface ContractRow {
  mode: (typeof CONTRACT_MODES)[number];
  requests: number;
  rounds: number;
  requestsPerSecond: number;
  min: number;
  max: number;
}

function client(compiled: string, root: string, args: string[]): Promise<{ requests: number; milliseconds: number }[]> {
  return new Promise((resolve, reject) => {
    const child = fork(compiled, args, { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let rounds: { requests: number; milliseconds: number }[] | undefined;
    child.on("message", (message) => (rounds = message as typeof rounds));
    child.on("error", reject);
    child.on("exit", (code) => (rounds && code === 0 ? resolve(rounds) : reject(new Error(`contract client ${args[0]}: exit code ${code}`))));
  });
}

export async function contractRequestsPerSecond(compiledClient: string, compiledServer: string, root: string): Promise<ContractRow[]> {
  const rows: ContractRow[] = [];
  for (const mode of CONTRACT_MODES) {
    const server = mode === "http" ? await startServer(compiledServer, root, "specloom") : undefined;
    try {
      const rounds = await client(compiledClient, root, server === undefined ? [mode] : [mode, server.origin]);
      const { median, min, max } = medianOf(rounds.map((round) => (round.requests / round.milliseconds) * 1000));
      rows.push({ mode, requests: rounds[0]?.requests ?? 0, rounds: rounds.length, requestsPerSecond: median, min, max });
    } finally {
      if (server !== undefined) stopServer(server.child);
    }
  }
  return rows;
}

const LABELS: Readonly<Record<ContractRow["mode"], string>> = {
  "in-process": "contractTest, fetch: mockHandler (in-process)",
  floor: "floor: the same requests straight to mockHandler",
  http: "contractTest over HTTP (specloom mock in its own process)",
};

export function renderContract(rows: readonly ContractRow[]): string {
  const floor = rows.find((row) => row.mode === "floor");
  const lines = [`contract: contractTest of the OAI's petstore-expanded.yaml against its mock (runs 50, seed 1), requests per second (median of ${rows[0]?.rounds ?? 0} rounds)`, "", "| | requests a run | req/s (min-max) | of the floor |", "|---|---|---|---|"];
  for (const row of rows) {
    const share = floor === undefined || row.mode === "floor" ? "" : `${((row.requestsPerSecond / floor.requestsPerSecond) * 100).toFixed(0)} %`;
    lines.push(`| ${LABELS[row.mode]} | ${row.requests} | ${Math.round(row.requestsPerSecond)} (${Math.round(row.min)}-${Math.round(row.max)}) | ${share} |`);
  }
  return lines.join("\n");
}
