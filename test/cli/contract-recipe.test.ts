/**
 * docs/contract.md's GitHub Actions job, its steps run as written (bash -e -o pipefail, as
 * Actions runs `run:`), after what checkout, setup-node and `npm ci` would leave: a project
 * with `npm start`, `src/api.js` and the package in node_modules. Against a server that
 * honours its definition the job passes with a JUnit report without failures; with a bug,
 * the contract step fails (exit 1) and the report names the operation.
 */
import { spawn } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { root, TempProject } from "./helpers";
import { freePort } from "./server-process";

interface Step {
  name?: string;
  run?: string;
  uses?: string;
}
interface Workflow {
  jobs: Record<string, { env?: Record<string, string | number>; steps: Step[] }>;
}

const page = readFileSync(join(root, "docs", "contract.md"), "utf8");
const workflow = parse(/```yaml\n([\s\S]*?)```/.exec(page.slice(page.indexOf("## In CI")))?.[1] ?? "") as Workflow;
const job = Object.values(workflow.jobs)[0] as Workflow["jobs"][string];
// What runs after the install: every `run:` step but `npm ci`.
const steps = job.steps.filter((step) => step.run !== undefined && step.run.trim() !== "npm ci");

const API = `import { z } from "zod";

const Todo = z.object({ id: z.number().int().min(1), title: z.string().max(100), done: z.boolean() });

export default {
  openapi: "3.1.0",
  info: { title: "Todos", version: "1" },
  paths: {
    "GET /todos": { query: z.object({ q: z.string().max(20).optional() }), 200: z.array(Todo) },
    "GET /todos/{id}": { params: z.object({ id: z.number().int().min(1) }), 200: Todo, 404: z.object({ message: z.string() }) },
  },
};
`;

/** The server, with its requests checked by specloom/http; \`bug\` makes an empty search fail. */
const server = (bug: boolean) => `import { createServer } from "node:http";
import { requestValidator } from "specloom/http";
import { nodeHandler } from "specloom/node";
import api from "./api.js";

const todos = [{ id: 1, title: "Write the docs", done: false }];
const validate = requestValidator(api);

createServer(nodeHandler(async (request) => {
  const checked = await validate(request);
  if (!checked.ok) return checked.response();
  if (checked.route === "GET /todos") {
    const { q } = checked.query;
    ${bug ? 'if (q === "") return Response.json({ message: "no search" }, { status: 500 });' : ""}
    return Response.json(todos.filter((todo) => q === undefined || todo.title.includes(q)));
  }
  const todo = todos.find((entry) => entry.id === checked.params.id);
  return todo ? Response.json(todo) : Response.json({ message: "not found" }, { status: 404 });
})).listen(Number(process.env.PORT), "127.0.0.1");
`;

const projects: TempProject[] = [];
const groups: number[] = [];
afterAll(() => {
  // The servers the job started in the background, by their process group.
  for (const group of groups) {
    try {
      process.kill(-group, "SIGTERM");
    } catch {
      // Gone already.
    }
  }
  for (const project of projects) project.remove();
});

function project(bug: boolean): TempProject {
  const made = new TempProject();
  projects.push(made);
  made.write("package.json", { name: "todos", private: true, type: "module", scripts: { start: "node src/server.js" } });
  made.write("src/api.js", API);
  made.write("src/server.js", server(bug));
  made.write("node_modules/.bin/.keep", "");
  symlinkSync(join("..", "specloom", "dist", "cli.js"), made.path("node_modules/.bin/specloom"));
  return made;
}

/** One step's script in its own process group (so its background server can be stopped), as Actions runs it. */
function runStep(script: string, cwd: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", script], { cwd, env: { ...process.env, ...env, npm_config_offline: "true" }, stdio: "ignore", detached: true });
    groups.push(child.pid as number);
    child.on("error", reject);
    child.on("exit", (code) => resolve(code));
  });
}

async function runJob(bug: boolean): Promise<{ codes: (number | null)[]; report: { tests: string; failures: string; testsuite: { testcase: { name: string; failure?: unknown }[] } } }> {
  const made = project(bug);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(job.env ?? {})) env[name] = String(value);
  env.PORT = String(await freePort());
  const codes: (number | null)[] = [];
  for (const step of steps) codes.push(await runStep(step.run as string, made.dir, env));
  const xml = readFileSync(made.path("contract.xml"), "utf8");
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => name === "testcase" }).parse(xml) as { testsuites: Awaited<ReturnType<typeof runJob>>["report"] };
  return { codes, report: parsed.testsuites };
}

describe("docs/contract.md's CI job", () => {
  it("has the steps this test runs: start the server, then the contract tests", () => {
    expect(steps.map((step) => step.name)).toEqual(["Start the server", "Contract tests"]);
    expect(job.env?.PORT).toBeDefined();
  });

  // The two jobs at once: each is mostly processes starting.
  it.concurrent("passes a server that honours its definition, with a JUnit report of every operation", async ({ expect }) => {
    const { codes, report } = await runJob(false);
    expect(codes).toEqual([0, 0]);
    expect(report.testsuite.testcase.map((testcase) => testcase.name)).toEqual(["GET /todos", "GET /todos/{id}"]);
    expect(report.failures).toBe("0");
  });

  it.concurrent("fails the job on a server with a bug, the failing operation in the report", async ({ expect }) => {
    const { codes, report } = await runJob(true);
    expect(codes).toEqual([0, 1]);
    expect(report.failures).toBe("1");
    expect(report.testsuite.testcase.find((testcase) => testcase.failure !== undefined)?.name).toBe("GET /todos");
  });
});
