/**
 * The checkout's root. This module sits one folder below it, and so does the compiled worker
 * (`.bench/`, see compile.ts), so the same relative URL is right in both.
 */
export const ROOT_URL = new URL("../", import.meta.url);
