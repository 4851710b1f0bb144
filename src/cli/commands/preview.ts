/** `specloom preview <module-or-file>`: the document in Swagger UI or Scalar on localhost (./preview-server.ts serves it). */
import type { Command } from "commander";
import { EXIT_CODES, usageAfterErrors } from "../help";
import { servePreview, type PreviewOptions } from "../preview-server";
import { addServedInputOptions, parsePort } from "./options";

/** Adds `preview` to the program. */
export function registerPreview(program: Command): void {
  const command = program
    .command("preview")
    .summary("serve the document with Swagger UI or Scalar on localhost")
    .description("Serve the document with Swagger UI (from the installed swagger-ui-dist package) or Scalar (@scalar/api-reference) on localhost, regenerating it when its files change.")
    .argument("<module-or-file>", "a module (as for generate) or a JSON or YAML document")
    .option("-p, --port <number>", "the port to listen on (0 picks a free one)", parsePort, 4000)
    .addHelpText(
      "after",
      `
A JSON or YAML document whose $refs reach into other files is bundled, and served again
when any of those files changes. Serves the page at http://localhost:<port>/ and the document at
/openapi.json and /openapi.yaml. Needs the UI's package: npm install --save-dev swagger-ui-dist
(or @scalar/api-reference with --ui scalar)

Examples:
  $ specloom preview examples/petstore.ts
  $ specloom preview openapi.yaml --port 8080
  $ specloom preview openapi.yaml --ui scalar
${EXIT_CODES}`,
    )
    .action((input: string, options: PreviewOptions) => servePreview(input, options));
  addServedInputOptions(command, "the documentation page");
  usageAfterErrors(command);
}
