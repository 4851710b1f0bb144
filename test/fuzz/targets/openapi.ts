/** The `openapi()` and `OpenAPI` builder target: a random definition plan per case. */
import { definitionCall, definitionPlan, type DefinitionPlan } from "../arbitraries/definition";
import type { FuzzTarget } from "../support/runner";

export const openapiTarget: FuzzTarget<DefinitionPlan> = {
  name: "openapi()",
  plan: definitionPlan,
  call: definitionCall,
};
