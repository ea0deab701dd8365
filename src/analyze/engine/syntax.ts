import type { ts } from "ts-morph";
import type { EngineNode, EngineSyntax } from "./engine.js";

/**
 * The helpers of `src/analyze/syntax.ts` that the analysis has moved onto the engine, reading
 * nodes of either compiler through `EngineSyntax`: the same answers, never a kind number.
 */

/** The expression under parentheses, `as`, `satisfies`, `!`, `<T>` and `await`. */
export function unwrapExpression(syntax: EngineSyntax, node: ts.Expression): ts.Expression {
  let current = node;
  while (
    syntax.is(current, "ParenthesizedExpression") ||
    syntax.is(current, "AsExpression") ||
    syntax.is(current, "SatisfiesExpression") ||
    syntax.is(current, "NonNullExpression") ||
    syntax.is(current, "TypeAssertionExpression") ||
    syntax.is(current, "AwaitExpression")
  ) {
    current = current.expression;
  }
  return current;
}

/** The name a call is made by: `tool` in `server.tool(...)`, `f` in `f(...)`, `x` in `o["x"](...)`. */
export function calleeName(syntax: EngineSyntax, call: ts.CallExpression): string | undefined {
  const callee = unwrapExpression(syntax, call.expression);
  if (syntax.is(callee, "PropertyAccessExpression")) return callee.name.text;
  if (syntax.is(callee, "Identifier")) return callee.text;
  if (syntax.is(callee, "ElementAccessExpression")) {
    const key = callee.argumentExpression;
    if (syntax.is(key, "StringLiteral") || syntax.is(key, "NoSubstitutionTemplateLiteral")) return key.text;
  }
  return undefined;
}

/** The node's parent, which both compilers' nodes carry. */
export function parentOf(node: EngineNode): EngineNode | undefined {
  return (node as { parent?: EngineNode }).parent;
}

/** The text of a string literal or a template literal without holes, under any wrapping; else undefined. */
export function literalText(syntax: EngineSyntax, node: EngineNode | undefined): string | undefined {
  if (!node) return undefined;
  const expression = unwrapExpression(syntax, node as ts.Expression);
  if (syntax.is(expression, "StringLiteral") || syntax.is(expression, "NoSubstitutionTemplateLiteral")) return expression.text;
  return undefined;
}
