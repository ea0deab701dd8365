import { ts } from "ts-morph";
import { calleeName, getPropertyValue } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";

const HANDLER_KEYS = ["handler", "execute", "handle"] as const;
const INPUT_KEYS = ["inputSchema", "schema", "parameters", "input", "argsSchema"] as const;

function firstProperty(object: ts.ObjectLiteralExpression, keys: readonly string[]): ts.Node | undefined {
  for (const key of keys) {
    const value = getPropertyValue(object, key);
    if (value) return value;
  }
  return undefined;
}

/** Object literals that another style already owns (FastMCP's `addTool({...})`). */
function isClaimedByAnotherStyle(object: ts.ObjectLiteralExpression): boolean {
  const parent = object.parent;
  return ts.isCallExpression(parent) && calleeName(parent) === "addTool" && parent.arguments.includes(object);
}

/**
 * Object literals with a `name`, an input schema and a `handler`/`execute`/`handle` function,
 * however they reach the server: arrays walked by a loop, maps, or wrappers such as
 * `tool({...})` and `defineTool(...)`. Where the literal is written is where the tool is.
 */
export function createToolObjectDiscoverer(): Discoverer {
  return {
    style: "tool-object",
    visitObjectLiteral(object): ToolCandidate[] {
      const name = getPropertyValue(object, "name");
      if (!name || !ts.isExpression(name)) return [];
      const handler = firstProperty(object, HANDLER_KEYS);
      const input = firstProperty(object, INPUT_KEYS);
      if (!handler || !input || isClaimedByAnotherStyle(object)) return [];
      return [
        {
          style: "tool-object",
          name: { expression: name },
          registration: object,
          description: getPropertyValue(object, "description") ?? null,
          input,
          handler,
          returnScope: null,
          payloadMode: "call-tool-result",
        },
      ];
    },
  };
}
