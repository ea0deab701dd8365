import { CheckCodes } from "../codes.js";
import type { Rule } from "./rule.js";

// What tsc cannot see: the tool's types conform, and the client still gets something else.

export const outputSchemaRejectsEnvelope: Rule = {
  code: CheckCodes.outputSchemaRejectsEnvelope,
  title: "declared outputSchema rejects the envelope",
  find: ({ declaredOutputSchema }) =>
    declaredOutputSchema ? [{ file: declaredOutputSchema.file, line: declaredOutputSchema.line, message: declaredOutputSchema.message }] : [],
};

export const reserialised: Rule = {
  code: CheckCodes.reserialised,
  title: "dispatcher re-serialises the handler's result",
  find: ({ tool, reserialisedAt }) =>
    reserialisedAt.map((where) => ({
      ...where,
      message: `this dispatcher puts what tool "${tool.name}"'s handler returns inside a text block: the client gets the JSON of a whole result, with no structuredContent and no isError; return the handler's result as it is (mcp-conform migrate does it)`,
    })),
};
