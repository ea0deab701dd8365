import type { ts } from "../../compiler.cjs";
import { calleeName, getPropertyValue, unwrapExpression } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { isCallExpression, isExpression, isObjectLiteralExpression } from "../engine/ast.js";

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
  return isCallExpression(parent) && calleeName(parent) === "addTool" && parent.arguments.includes(object);
}

/** Playwright MCP's `{ schema: { name, description, inputSchema }, handle }`: the metadata in a nested object. */
function nestedSchema(object: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression | undefined {
  const schema = getPropertyValue(object, "schema");
  const inner = schema && isExpression(schema) ? unwrapExpression(schema) : undefined;
  return inner && isObjectLiteralExpression(inner) && getPropertyValue(inner, "name") ? inner : undefined;
}

/**
 * Object literals with a `name`, an input schema and a `handler`/`execute`/`handle` function,
 * however they reach the server: arrays walked by a loop, maps, or wrappers such as
 * `tool({...})` and `defineTool(...)`. Where the literal is written is where the tool is. Found by
 * their shape alone, they yield to a registration that forwards the same literal (registration.ts).
 */
export function createToolObjectDiscoverer(): Discoverer {
  return {
    style: "tool-object",
    visitObjectLiteral(object): ToolCandidate[] {
      const metadata = getPropertyValue(object, "name") ? object : nestedSchema(object);
      const name = metadata ? getPropertyValue(metadata, "name") : undefined;
      if (!metadata || !name || !isExpression(name)) return [];
      const handler = firstProperty(object, HANDLER_KEYS);
      const input = firstProperty(metadata, metadata === object ? INPUT_KEYS : ["inputSchema", "parameters", "input", "argsSchema"]);
      if (!handler || !input || isClaimedByAnotherStyle(object)) return [];
      return [
        {
          style: "tool-object",
          name: { expression: name },
          registration: object,
          description: getPropertyValue(metadata, "description") ?? null,
          input,
          handler,
          returnScope: null,
          payloadMode: "call-tool-result",
          generic: true,
        },
      ];
    },
  };
}
