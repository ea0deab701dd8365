import type { ts } from "../../compiler.cjs";
import { calleeName, calleeReceiver } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { callsProjectFunction, type RegistrationResolver, type RegistrationRole } from "./registration.js";

function part(expression: ts.Expression, ...path: string[]): RegistrationRole {
  return { expression, path };
}

/**
 * `server.registerTool(name, { title, description, inputSchema, outputSchema, annotations }, handler)`
 * of the SDK's McpServer (v1) and of `@modelcontextprotocol/server` (v2): the same call shape. Also
 * `server.experimental.tasks.registerToolTask(name, config, { createTask, getTask, getTaskResult })`,
 * whose result, and so its payload, comes from `getTaskResult`. The config may be a literal or any
 * value the source spells out (a `const`, an import, a forwarded parameter): registration.ts reads it.
 */
export function createSdkRegisterToolDiscoverer(registrations: RegistrationResolver): Discoverer {
  return {
    style: "sdk-register-tool",
    visitCall(call, context): ToolCandidate[] {
      const callee = calleeName(call);
      if ((callee !== "registerTool" && callee !== "registerToolTask") || call.arguments.length < 3) return [];
      const [nameArgument, configArgument] = call.arguments;
      const handler = call.arguments[call.arguments.length - 1];
      if (!nameArgument || !configArgument || !handler) return [];
      if (callsProjectFunction(call, context.session.checker)) return [];
      return registrations.visit(
        {
          style: "sdk-register-tool",
          call,
          receiver: calleeReceiver(call),
          name: part(nameArgument),
          description: [part(configArgument, "description"), part(configArgument, "title")],
          input: part(configArgument, "inputSchema"),
          handler: callee === "registerToolTask" ? part(handler, "getTaskResult") : part(handler),
          payloadMode: "call-tool-result",
        },
        context,
      );
    },
    // Registrations that forward a function's parameters wait for every file's calls (all SDK styles share the resolver).
    finish: (context) => registrations.finish(context),
  };
}
