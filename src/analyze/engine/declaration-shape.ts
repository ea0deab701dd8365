import type { ts } from "../../compiler.cjs";
import { isAwaitExpression, isCallExpression, isExpressionStatement, isFunctionDeclaration } from "./ast.js";

/**
 * What of a file another file can see, as text: a stand-in for `tsc --declaration`'s output where
 * the engine cannot emit declarations (TypeScript 7's API). It keeps more than the declarations
 * (every initializer, the body of a function whose return type is inferred, comments), so two equal
 * shapes mean equal declarations, while unequal ones may still declare alike (then an answer is
 * worked out again, never wrongly kept).
 *
 * Left out, as they declare nothing: top-level call statements (`server.registerTool(...)`,
 * `await main()`), and the body of a function whose return type is written. An assignment
 * statement stays: `f.displayName = "x"` adds to a function's type. A JavaScript file has no shape
 * (its assignments declare too).
 */
export function declarationShape(file: ts.SourceFile): string | undefined {
  if (/\.(c|m)?jsx?$/.test(file.fileName)) return undefined;
  const parts: string[] = [];
  for (const statement of file.statements) {
    if (isExpressionStatement(statement) && isCall(statement.expression)) continue;
    if (isFunctionDeclaration(statement) && statement.type && statement.body) {
      parts.push(file.text.slice(statement.pos, statement.body.pos));
      continue;
    }
    parts.push(file.text.slice(statement.pos, statement.end));
  }
  return parts.join("\n");
}

function isCall(expression: ts.Expression): boolean {
  return isCallExpression(expression) || (isAwaitExpression(expression) && isCallExpression(expression.expression));
}
