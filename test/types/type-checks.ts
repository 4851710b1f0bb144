/**
 * Type-checking generated TypeScript files with the compiler API: the diagnostics of a
 * program over them, by file and line, with `specloom` resolved to the sources.
 */
import { join } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..", "..");

export const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
  paths: { specloom: [join(root, "src", "index.ts")] },
};

export interface Diagnostic {
  file: string;
  /** 1-based. */
  line: number;
  message: string;
}

/** Every diagnostic of a program over `files` (syntax, semantics, options). */
export function typeCheck(files: readonly string[]): Diagnostic[] {
  const program = ts.createProgram({ rootNames: [...files], options: COMPILER_OPTIONS });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const at = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    return { file: diagnostic.file?.fileName ?? "", line: (at?.line ?? -1) + 1, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n") };
  });
}
