/** `specloom mock <module-or-file>`: a mock server of the document (./mock-server.ts serves it). */
import { InvalidArgumentError, type Command } from "commander";
import { EXIT_CODES, usageAfterErrors } from "../help";
import { serveMock, type MockOptions } from "../mock-server";
import { addServedInputOptions, parsePort } from "./options";

function parseSeed(value: string): number {
  const seed = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(seed)) throw new InvalidArgumentError("expected a whole number");
  return seed;
}

/** Adds `mock` to the program. */
export function registerMock(program: Command): void {
  const command = program
    .command("mock")
    .summary("serve a mock of the API: validated requests, answers from examples or generated from the schemas")
    .description(
      "Serve a mock of the API the document describes: each request is checked as the document says (400, 404, 405, 413, 415 with Problem Details otherwise), and answered with the operation's lowest 2XX response, its example or a value generated from its schema, its content type and required headers. Prefer: code=404, example=name and dynamic=true choose another answer. The docs page is at /docs. The mock is made again when the document's files change.",
    )
    .argument("<module-or-file>", "a module (as for generate) or a JSON or YAML document")
    .option("-p, --port <number>", "the port to listen on (0 picks a free one)", parsePort, 4010)
    .option("--host <address>", "the address to listen on (0.0.0.0 for every interface)", "127.0.0.1")
    .option("--seed <number>", "the seed of generated values: the same seed, the same answers", parseSeed, 0)
    .option("--dynamic", "generate a new value for every request (as Prefer: dynamic=true does for one)")
    .option("--no-cors", "leave out the CORS headers that let a browser app on another origin call the mock")
    .addHelpText(
      "after",
      `
A JSON or YAML document whose $refs reach into other files is bundled, and served again
when any of those files changes. The docs page needs the UI's package (swagger-ui-dist, or
@scalar/api-reference with --ui scalar); without it /docs serves the document alone.

Examples:
  $ specloom mock examples/petstore.ts
  $ specloom mock openapi.yaml --port 8080 --seed 42
  $ curl -H "Prefer: code=404" http://127.0.0.1:4010/pets/1
${EXIT_CODES}`,
    )
    .action((input: string, options: MockOptions) => serveMock(input, options));
  addServedInputOptions(command, "the documentation page at /docs");
  usageAfterErrors(command);
}
