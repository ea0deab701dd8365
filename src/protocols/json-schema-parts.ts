import type { JsonSchema } from "./protocol.js";

/** Keywords that must stay at a schema's root for `#/$defs/...` references to resolve. */
export function splitDefinitions(schema: JsonSchema): { body: JsonSchema; definitions: JsonSchema } {
  const { $schema: _dialect, $defs, definitions, ...body } = schema;
  const kept: JsonSchema = {};
  if ($defs !== undefined) kept["$defs"] = $defs;
  if (definitions !== undefined) kept["definitions"] = definitions;
  return { body, definitions: kept };
}
