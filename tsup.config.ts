import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { SCHEMA_VERSIONS } from "./scripts/openapi-validators";

// specloom/node bundles @remix-run/node-fetch-server: its MIT licence goes with it.
const fetchServerLicence = readFileSync("node_modules/@remix-run/node-fetch-server/LICENSE", "utf8").trim();

export default defineConfig([
  {
    // The library: no Node built-ins; runs anywhere. The core, plugins, http and hono import no
    // dependency (hono only Hono's types); overlay imports json-p3, serve yaml and mock
    // fast-check (dependencies, so left external).
    entry: { index: "src/index.ts", plugins: "src/plugins/index.ts", overlay: "src/overlay/index.ts", http: "src/http/index.ts", serve: "src/serve/index.ts", hono: "src/hono/index.ts", mock: "src/mock/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    // No `clean`: the configs build at the same time, and cleaning in one would delete
    // another's output. `npm run build` empties dist/ first.
    target: "es2022",
    platform: "neutral",
    sourcemap: false,
    // One shared chunk for the entry points: one SpecloomError class, one schema cache.
    splitting: true,
  },
  {
    // specloom/node: the file-system loader for bundle(), the UI files and the node:http
    // adapter. Node only; it imports the library as "specloom" and "specloom/serve" (one copy
    // of each) and yaml when a YAML file is read. The Request/Response conversion
    // (@remix-run/node-fetch-server, ESM only) is bundled in, so the CommonJS build
    // needs no require() of an ES module.
    entry: { node: "src/node/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    target: "node20",
    platform: "node",
    sourcemap: false,
    splitting: false,
    external: ["specloom", "specloom/http", "specloom/serve", "yaml"],
    noExternal: ["@remix-run/node-fetch-server"],
    // import.meta.url in the CommonJS build too: where the UI packages are resolved from.
    shims: true,
    banner: { js: `/*!\n * Includes @remix-run/node-fetch-server:\n *\n${fetchServerLicence.replace(/^/gm, " * ").replace(/ +$/gm, "")}\n */` },
  },
  {
    // specloom/express and specloom/fastify: Node only. They import the library as "specloom",
    // "specloom/http" and "specloom/node" (one copy of each, and one cache of validated
    // requests) and only the types of Express and Fastify.
    entry: { express: "src/express/index.ts", fastify: "src/fastify/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    target: "node20",
    platform: "node",
    sourcemap: false,
    splitting: false,
    external: ["specloom", "specloom/http", "specloom/node", "express", "fastify"],
  },
  {
    // The `specloom` command: Node only, its dependencies stay external. It imports the
    // library as "specloom" (Node resolves the package's own name to dist/index.js), so
    // the command and the user's modules, which import "specloom" too, share one copy.
    entry: { cli: "src/cli/index.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    sourcemap: false,
    splitting: false,
    external: ["specloom", "specloom/plugins", "specloom/overlay", "specloom/serve", "specloom/node", "specloom/mock"],
    banner: { js: "#!/usr/bin/env node" },
  },
  {
    // The official OpenAPI schemas as precompiled validators, one self-contained file per
    // version (`npm run build` writes their standalone code into .build/ first; Ajv's runtime
    // helpers are bundled in). The command loads only the one a document's version needs.
    // Minified: generated code nobody reads, half the size to ship and to parse.
    entry: Object.fromEntries(SCHEMA_VERSIONS.map((version) => [`validators/openapi-${version}`, `.build/validators/openapi-${version}.cjs`])),
    format: ["esm"],
    minify: true,
    target: "node20",
    platform: "node",
    sourcemap: false,
    splitting: false,
  },
]);
