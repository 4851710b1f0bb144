/**
 * One benchmark task in its own process (started by index.ts with `--expose-gc`): runs it,
 * sends the result to the parent and exits.
 */
import { gcSeconds, hasGc } from "./harness";
import type { Task, TaskResult } from "./tasks";

/** What a scenario reports; `baseRssMB` is read once its modules are loaded, before it builds inputs. */
export type ScenarioResult = Omit<TaskResult, "task" | "seconds" | "gcSeconds">;

async function run(task: Task): Promise<ScenarioResult> {
  switch (task.kind) {
    case "generation":
      return (await import("./scenarios/generation")).runGeneration(task);
    case "peer":
      return (await import("./scenarios/peer")).runPeer(task);
    case "merge":
      return (await import("./scenarios/merge")).runMerge(task);
    case "openapi-merge":
      return (await import("./scenarios/merge")).runOpenAPIMerge(task);
    case "twilio":
      return (await import("./scenarios/twilio")).runTwilio();
    case "validation":
      return (await import("./scenarios/validation")).runValidation();
    case "responses":
      return (await import("./scenarios/responses")).runResponses();
  }
}

const task = JSON.parse(process.argv[2] ?? "null") as Task;
const started = performance.now();
const result: TaskResult = { task, ...(await run(task)), seconds: (performance.now() - started) / 1000, gcSeconds: gcSeconds() };
if (!hasGc()) result.notes.push("warning: started without --expose-gc, so samples may include earlier garbage");
if (process.send) process.send(result, () => process.exit(0));
else console.log(JSON.stringify(result, null, 2));
