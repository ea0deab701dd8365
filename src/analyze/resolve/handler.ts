import { ts } from "ts-morph";
import { type FunctionNode, isFunctionNode, unwrapExpression } from "../syntax.js";

/**
 * A wrapper call that hands back a function built around one it is given (`withRateLimit("auth",
 * async (args) => ...)`, `logged(name, fn)`, `jsonTool(fn)`): the function given is what runs for
 * the tool, and its returns are the tool's paths. Taken as a wrapper when the call itself is a
 * function (its type has a call signature) and exactly one argument is a function the checker can
 * follow.
 */
function wrappedFunction(call: ts.CallExpression, checker: ts.TypeChecker, depth: number): FunctionNode | null {
  const functions: FunctionNode[] = [];
  for (const argument of call.arguments) {
    const expression = unwrapExpression(argument);
    if (!isFunctionNode(expression) && !ts.isIdentifier(expression) && !ts.isPropertyAccessExpression(expression)) continue;
    const target = resolveFunction(expression, checker, depth + 1);
    if (target) functions.push(target);
  }
  const [only] = functions;
  if (functions.length !== 1 || !only) return null;
  if (checker.getTypeAtLocation(call).getCallSignatures().length === 0) return null;
  return only;
}

/**
 * Follow a handler as written to the function that runs: an inline function, a reference
 * (`handler: getForecast`), an imported function, a method (`this.run.bind(this)`), or a const
 * holding any of those. Returns null when the trail leaves what the checker can see.
 */
export function resolveFunction(node: ts.Node, checker: ts.TypeChecker, depth = 0): FunctionNode | null {
  if (depth > 8) return null;
  if (isFunctionNode(node)) return node;
  if (ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node) || ts.isVariableDeclaration(node)) {
    return node.initializer ? resolveFunction(node.initializer, checker, depth + 1) : null;
  }
  if (ts.isExportAssignment(node)) return resolveFunction(node.expression, checker, depth + 1);
  if (!ts.isExpression(node)) return null;
  const expression = unwrapExpression(node);
  if (isFunctionNode(expression)) return expression;

  // `fn.bind(this)` runs `fn`.
  if (ts.isCallExpression(expression)) {
    const callee = unwrapExpression(expression.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "bind") return resolveFunction(callee.expression, checker, depth + 1);
    // The generated `conform(name, handler)` hands its handler back unchanged: the handler runs.
    const wrapped = expression.arguments[1];
    if (ts.isIdentifier(callee) && callee.text === "conform" && expression.arguments.length === 2 && wrapped) return resolveFunction(wrapped, checker, depth + 1);
    return wrappedFunction(expression, checker, depth);
  }

  if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
    let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expression) ? expression.name : expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    for (const declaration of symbol?.declarations ?? []) {
      if ((declaration as ts.Node) === node) continue;
      const resolved = resolveFunction(declaration, checker, depth + 1);
      if (resolved) return resolved;
    }
    // A shorthand property `{ handler }` resolves to the value symbol it names.
    if (symbol?.valueDeclaration && ts.isShorthandPropertyAssignment(symbol.valueDeclaration)) {
      const value = checker.getShorthandAssignmentValueSymbol(symbol.valueDeclaration);
      for (const declaration of value?.declarations ?? []) {
        const resolved = resolveFunction(declaration, checker, depth + 1);
        if (resolved) return resolved;
      }
    }
  }
  return null;
}
