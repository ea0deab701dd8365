import type { ts } from "../../compiler.cjs";
import { unwrapExpression } from "../syntax.js";
import {
  isBindingElement,
  isElementAccessExpression,
  isIdentifier,
  isObjectBindingPattern,
  isPropertyAccessExpression,
  isStringLiteralLike,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

const HANDLER_KEYS = ["handler", "execute", "handle"];

function typeLooksLikeToolObject(type: ts.Type, checker: AnalysisChecker): boolean {
  const candidates = type.isUnion() ? type.types : [type];
  return candidates.some((member) => HANDLER_KEYS.some((key) => checker.getPropertyOfType(member, key) !== undefined));
}

/**
 * True when a registration's name is forwarded from a tool object (`t.name` in
 * `for (const t of tools) server.registerTool(t.name, ..., t.handler)`, or `{ name }` destructured
 * from one). Those tools are found where their object literals are written (the `tool-object`
 * style), so the forwarding call is neither a tool nor an unresolved name.
 */
export function isForwardedToolObjectName(expression: ts.Expression, checker: AnalysisChecker): boolean {
  const node = unwrapExpression(expression);
  if (isStringLiteralLike(node)) return false;
  if (isPropertyAccessExpression(node) && node.name.text === "name") {
    return typeLooksLikeToolObject(checker.getTypeAtLocation(node.expression), checker);
  }
  if (isElementAccessExpression(node)) {
    return typeLooksLikeToolObject(checker.getTypeAtLocation(node.expression), checker);
  }
  if (isIdentifier(node)) {
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (declaration && isBindingElement(declaration) && isObjectBindingPattern(declaration.parent)) {
      return typeLooksLikeToolObject(checker.getTypeAtLocation(declaration.parent), checker);
    }
  }
  return false;
}
