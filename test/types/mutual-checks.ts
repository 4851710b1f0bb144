/**
 * The checks that `PathsOf<typeof document>` and openapi-typescript's `paths` for the same
 * document are mutually assignable, operation by operation, written as a TypeScript file:
 * one line per check, so a diagnostic's line names the check that failed.
 */

export interface CheckFile {
  source: string;
  /** The check on each line (1-based), by line number. */
  labels: Map<number, string>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

type OpenAPIOperation = { requestBody?: unknown; responses?: Record<string, unknown> };

/** What to compare in `document`: the path keys, each path item, and each operation's parts. */
function checks(document: { paths?: Record<string, Record<string, unknown>> }): [label: string, ours: string, theirs: string][] {
  const list: [string, string, string][] = [["paths", "keyof Ours", "keyof paths"]];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const at = `[${JSON.stringify(path)}]`;
    list.push([`${path}`, `Ours${at}`, `paths${at}`]);
    for (const method of METHODS) {
      const operation = item[method] as OpenAPIOperation | undefined;
      if (operation === undefined) continue;
      const op = `${at}[${JSON.stringify(method)}]`;
      const name = `${method.toUpperCase()} ${path}`;
      list.push([name, `Ours${op}`, `paths${op}`]);
      list.push([`${name} parameters`, `Ours${op}["parameters"]`, `paths${op}["parameters"]`]);
      list.push([`${name} requestBody`, `Ours${op}["requestBody"]`, `paths${op}["requestBody"]`]);
      for (const status of Object.keys(operation.responses ?? {})) {
        const key = /^\d+$/.test(status) ? status : JSON.stringify(status);
        list.push([`${name} ${status}`, `Ours${op}["responses"][${key}]`, `paths${op}["responses"][${key}]`]);
      }
    }
  }
  return list;
}

/** A file comparing `PathsOf<typeof document>` from `module` with `paths` from `generated`. */
export function mutualChecks(document: object, module: string, generated: string): CheckFile {
  const lines = [
    `import type { PathsOf } from "specloom";`,
    `import type { paths } from ${JSON.stringify(generated)};`,
    `import type { document } from ${JSON.stringify(module)};`,
    `type Ours = PathsOf<typeof document>;`,
    `type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;`,
  ];
  const labels = new Map<number, string>();
  checks(document).forEach(([label, ours, theirs], index) => {
    lines.push(`export const check${index}: Mutual<${ours}, ${theirs}> = true;`);
    labels.set(lines.length, label);
  });
  return { source: lines.join("\n") + "\n", labels };
}
