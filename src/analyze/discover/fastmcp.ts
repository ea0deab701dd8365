import { calleeName, calleeReceiver } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { callsProjectFunction, type RegistrationResolver } from "./registration.js";

/**
 * FastMCP: `server.addTool({ name, description, parameters, execute })`, the definition inline, in a
 * `const`, or forwarded (`for (const tool of tools) server.addTool(tool)`); FastMCP serialises the return.
 */
export function createFastMcpDiscoverer(registrations: RegistrationResolver): Discoverer {
  return {
    style: "fastmcp",
    visitCall(call, context): ToolCandidate[] {
      if (calleeName(call) !== "addTool" || call.arguments.length !== 1) return [];
      const [definition] = call.arguments;
      if (!definition) return [];
      if (callsProjectFunction(call, context.session.checker)) return [];
      return registrations.visit(
        {
          style: "fastmcp",
          call,
          receiver: calleeReceiver(call),
          name: { expression: definition, path: ["name"] },
          description: [{ expression: definition, path: ["description"] }],
          input: { expression: definition, path: ["parameters"] },
          handler: { expression: definition, path: ["execute"] },
          payloadMode: "raw",
          ownsDefinition: true,
        },
        context,
      );
    },
  };
}
