/**
 * `npm run example [zod|arktype|valibot]`: builds the petstore document with one library
 * and prints it. Each example file is also runnable on its own: `npx tsx examples/petstore-zod.ts`.
 */
export {};

const library = process.argv[2] ?? "zod";
if (!["zod", "arktype", "valibot"].includes(library)) {
  console.error(`usage: npm run example [zod|arktype|valibot]`);
  process.exit(2);
}
await import(`./petstore-${library}.ts`);
