import { ts } from "ts-morph";
import { unwrapExpression } from "../syntax.js";

/**
 * The object literal an expression denotes: the literal itself, or the initializer of the const it
 * names (`server.addTool(weatherTool)` with `const weatherTool = { ... }`).
 */
export function resolveObjectLiteral(node: ts.Node, checker: ts.TypeChecker): ts.ObjectLiteralExpression | undefined {
  const expression = ts.isExpression(node) ? unwrapExpression(node) : node;
  if (ts.isObjectLiteralExpression(expression)) return expression;
  if (ts.isIdentifier(expression)) {
    let symbol = checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration;
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const initializer = unwrapExpression(declaration.initializer);
      if (ts.isObjectLiteralExpression(initializer)) return initializer;
    }
  }
  return undefined;
}
