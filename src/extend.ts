/** extend(): a schema with JSON Schema overlaid, still a working Standard Schema (issue 5). */
export {};
