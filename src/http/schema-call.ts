import type { StandardSchemaV1 } from "@standard-schema/spec";
import { SpecloomError, describeThrown } from "../errors";

type Result = StandardSchemaV1.Result<unknown>;

/**
 * A schema's verdict on a value, synchronous when the schema is. What its `validate` throws
 * or rejects with is the server's mistake, not the client's (a bug in the schema, or a
 * recursion deeper than the stack that the depth limit let through): a SpecloomError naming
 * the route and the part (`part` is called only then), with the original as `cause`.
 */
export function schemaVerdict(standard: StandardSchemaV1, value: unknown, route: string, part: () => string): Result | Promise<Result> {
  const fail = (error: unknown): never => {
    throw new SpecloomError("INVALID_DEFINITION", `validate(request) ${route}`, `${part()}'s validate threw: ${describeThrown(error)}`, { cause: error });
  };
  let result: Result | Promise<Result>;
  try {
    result = standard["~standard"].validate(value);
  } catch (error) {
    return fail(error);
  }
  return result instanceof Promise ? result.catch(fail) : result;
}
