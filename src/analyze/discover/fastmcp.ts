import { ts } from "ts-morph";
import { calleeName, getPropertyValue } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { resolveObjectLiteral } from "./object-literal-source.js";

/** FastMCP: `server.addTool({ name, description, parameters, execute })`; FastMCP serialises the return. */
export function createFastMcpDiscoverer(): Discoverer {
  return {
    style: "fastmcp",
    visitCall(call, { session }): ToolCandidate[] {
      if (calleeName(call) !== "addTool" || call.arguments.length !== 1) return [];
      const [argument] = call.arguments;
      const definition = argument ? resolveObjectLiteral(argument, session.checker) : undefined;
      if (!definition) return [];
      const name = getPropertyValue(definition, "name");
      const execute = getPropertyValue(definition, "execute");
      if (!name || !execute || !ts.isExpression(name)) return [];
      return [
        {
          style: "fastmcp",
          name: { expression: name },
          registration: definition,
          description: getPropertyValue(definition, "description") ?? null,
          input: getPropertyValue(definition, "parameters") ?? null,
          handler: execute,
          returnScope: null,
          payloadMode: "raw",
        },
      ];
    },
  };
}
