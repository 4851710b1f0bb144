/** The `specloom` command (issue 7). */
export {};
