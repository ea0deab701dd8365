import { ts } from "ts-morph";
import { calleeName, getPropertyValue, unwrapExpression } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { isForwardedToolObjectName } from "./forwarding.js";

/**
 * `server.registerTool(name, { title, description, inputSchema, outputSchema, annotations }, handler)`
 * of the SDK's McpServer (v1) and of `@modelcontextprotocol/server` (v2): the same call shape.
 */
export function createSdkRegisterToolDiscoverer(): Discoverer {
  return {
    style: "sdk-register-tool",
    visitCall(call, { session }): ToolCandidate[] {
      if (calleeName(call) !== "registerTool" || call.arguments.length < 3) return [];
      const [nameArgument, configArgument] = call.arguments;
      const handler = call.arguments[call.arguments.length - 1];
      if (!nameArgument || !configArgument || !handler) return [];
      if (isForwardedToolObjectName(nameArgument, session.checker)) return [];
      const config = unwrapExpression(configArgument);
      const configObject = ts.isObjectLiteralExpression(config) ? config : null;
      return [
        {
          style: "sdk-register-tool",
          name: { expression: nameArgument },
          registration: call,
          description: configObject ? (getPropertyValue(configObject, "description") ?? getPropertyValue(configObject, "title") ?? null) : null,
          input: configObject ? (getPropertyValue(configObject, "inputSchema") ?? null) : null,
          handler,
          returnScope: null,
          payloadMode: "call-tool-result",
        },
      ];
    },
  };
}
