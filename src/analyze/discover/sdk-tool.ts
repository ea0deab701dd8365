import type { ts } from "../../compiler.cjs";
import { TypeFlags } from "../engine/ts6-enums.generated.js";
import { calleeName, calleeReceiver, isFunctionNode, propertyNameText, unwrapExpression } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { callsProjectFunction, type RegistrationResolver } from "./registration.js";
import {
  isArrayLiteralExpression,
  isCallExpression,
  isIdentifier,
  isObjectLiteralExpression,
  isPropertyAccessExpression,
  isStringLiteralLike,
  isTemplateExpression,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/** Keys of the SDK's ToolAnnotations: an object made only of these is annotations, not params. */
const ANNOTATION_KEYS = new Set(["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]);

function isStringish(node: ts.Expression, checker: AnalysisChecker): boolean {
  const expression = unwrapExpression(node);
  if (isStringLiteralLike(expression) || isTemplateExpression(expression)) return true;
  // Asking the checker about an object literal argument resolves the whole overloaded call (and
  // zod's inference with it): by far the dearest question the analyser could ask here.
  if (isObjectLiteralExpression(expression) || isCallExpression(expression) || isArrayLiteralExpression(expression)) return false;
  const type = checker.getTypeAtLocation(expression);
  return (type.flags & TypeFlags.StringLike) !== 0;
}

function isAnnotations(node: ts.Expression): boolean {
  const expression = unwrapExpression(node);
  if (!isObjectLiteralExpression(expression) || expression.properties.length === 0) return false;
  return expression.properties.every((property) => {
    const key = propertyNameText(property.name);
    return key !== undefined && ANNOTATION_KEYS.has(key);
  });
}

/**
 * The receiver must plausibly be an McpServer: either its type is unknown to us (node_modules
 * missing: still list the tool) or it has the SDK's `registerTool` beside `tool`. That keeps
 * unrelated `.tool(...)` methods out.
 */
function receiverIsMcpServer(call: ts.CallExpression, checker: AnalysisChecker): boolean {
  const receiver = calleeReceiver(call);
  if (!receiver) return false;
  const type = checker.getTypeAtLocation(receiver);
  if (type.flags & (TypeFlags.Any | TypeFlags.Unknown)) return true;
  return checker.getPropertyOfType(type, "registerTool") !== undefined;
}

/**
 * The deprecated `server.tool(...)` overloads, all six:
 * `(name, cb)`, `(name, desc, cb)`, `(name, paramsOrAnnotations, cb)`,
 * `(name, desc, paramsOrAnnotations, cb)`, `(name, params, annotations, cb)`,
 * `(name, desc, params, annotations, cb)`.
 */
export function createSdkToolDiscoverer(registrations: RegistrationResolver): Discoverer {
  return {
    style: "sdk-tool",
    visitCall(call, context): ToolCandidate[] {
      const { checker } = context.session;
      const count = call.arguments.length;
      if (calleeName(call) !== "tool" || count < 2 || count > 6) return [];
      const nameArgument = call.arguments[0];
      const callback = call.arguments[count - 1];
      if (!nameArgument || !callback) return [];
      if (!receiverIsMcpServer(call, checker)) return [];
      if (callsProjectFunction(call, checker)) return [];
      const unwrappedCallback = unwrapExpression(callback);
      if (
        !isFunctionNode(unwrappedCallback) &&
        !isIdentifier(unwrappedCallback) &&
        !isPropertyAccessExpression(unwrappedCallback) &&
        !isCallExpression(unwrappedCallback)
      ) {
        return [];
      }
      const middle = call.arguments.slice(1, count - 1);
      let description: ts.Expression | null = null;
      let input: ts.Expression | null = null;
      const first = middle[0];
      if (first && isStringish(first, checker)) {
        description = first;
        middle.shift();
      }
      // What is left is [paramsOrAnnotations] or [params, annotations].
      const [maybeParams] = middle;
      if (maybeParams && !(middle.length === 1 && isAnnotations(maybeParams))) input = maybeParams;

      return registrations.visit(
        {
          style: "sdk-tool",
          call,
          receiver: calleeReceiver(call),
          name: { expression: nameArgument, path: [] },
          description: description ? [{ expression: description, path: [] }] : [],
          input: input ? { expression: input, path: [] } : null,
          handler: { expression: callback, path: [] },
          payloadMode: "call-tool-result",
        },
        context,
      );
    },
  };
}
