import type { ts } from "../../compiler.cjs";
import { isAwaitExpression, isCallExpression, isExpressionStatement, isFunctionDeclaration } from "./ast.js";

/**
 * What of a file another file can see, as text: a stand-in for `tsc --declaration`'s output where
 * the engine cannot emit declarations (TypeScript 7's API). It keeps more than the declarations
 * (every initializer, the body of a function whose return type is inferred, comments inside a
 * statement), so two equal
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
  file.statements.forEach((statement, index) => {
    if (isExpressionStatement(statement) && isCall(statement.expression)) return;
    // A statement's leading comments (a JSDoc, a generated formatter's description) type nothing in
    // a TypeScript file; the first statement's stay, as they hold the file's triple-slash directives and pragmas.
    const start = index === 0 ? statement.pos : statement.getStart(file);
    if (isFunctionDeclaration(statement) && statement.type && statement.body) {
      parts.push(file.text.slice(start, statement.body.pos));
      return;
    }
    parts.push(file.text.slice(start, statement.end));
  });
  return parts.join("\n");
}

function isCall(expression: ts.Expression): boolean {
  return isCallExpression(expression) || (isAwaitExpression(expression) && isCallExpression(expression.expression));
}
