import type { ts } from "../../compiler.cjs";
import { SymbolFlags } from "../engine/ts6-enums.generated.js";
import { type FunctionNode, isFunctionNode, unwrapExpression } from "../syntax.js";
import {
  isCallExpression,
  isExportAssignment,
  isExpression,
  isIdentifier,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isPropertyDeclaration,
  isShorthandPropertyAssignment,
  isVariableDeclaration,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { declarationsWhere, mayHoldCode } from "../engine/declarations-where.js";

/** The one function a call is given (`withRateLimit("auth", fn)`), when the call itself returns a function. */
function wrappedArgument(call: ts.CallExpression, checker: AnalysisChecker, depth: number): { inner: FunctionNode; signature: ts.Signature } | null {
  const functions: FunctionNode[] = [];
  for (const argument of call.arguments) {
    const expression = unwrapExpression(argument);
    if (!isFunctionNode(expression) && !isIdentifier(expression) && !isPropertyAccessExpression(expression)) continue;
    const target = resolveFunction(expression, checker, depth + 1);
    if (target) functions.push(target);
  }
  const [inner] = functions;
  if (functions.length !== 1 || !inner) return null;
  const [signature] = checker.getTypeAtLocation(call).getCallSignatures();
  return signature ? { inner, signature } : null;
}

function returnsTheSame(signature: ts.Signature, inner: FunctionNode, checker: AnalysisChecker): boolean {
  const innerSignature = checker.getSignatureFromDeclaration(inner);
  if (!innerSignature) return false;
  const wrapped = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
  const own = checker.getAwaitedType(innerSignature.getReturnType()) ?? innerSignature.getReturnType();
  return checker.isTypeAssignableTo(wrapped, own) && checker.isTypeAssignableTo(own, wrapped);
}

/**
 * A wrapper that hands back a function returning what the function it is given returns
 * (`withRateLimit("auth", async (args) => ...)`, `logged(name, fn)`): that function is what runs
 * for the tool, and its returns are the tool's paths, for every stage (check judges them, migrate
 * wraps it).
 */
function passThroughWrapper(call: ts.CallExpression, checker: AnalysisChecker, depth: number): FunctionNode | null {
  const wrapped = wrappedArgument(call, checker, depth);
  return wrapped && returnsTheSame(wrapped.signature, wrapped.inner, checker) ? wrapped.inner : null;
}

/**
 * A wrapper that turns what its function returns into the result (`jsonTool(fn)` serialising a
 * payload): the function's returns give the tool's payload and paths, as for frameworks that
 * serialise for you, but it is not the handler (holding it to the protocol's formatters would have
 * the wrapper serialise a result twice).
 */
export function serialisingWrapper(node: ts.Node, checker: AnalysisChecker): FunctionNode | null {
  const expression = isExpression(node) ? unwrapExpression(node) : node;
  if (!isCallExpression(expression)) return null;
  const wrapped = wrappedArgument(expression, checker, 0);
  return wrapped && !returnsTheSame(wrapped.signature, wrapped.inner, checker) ? wrapped.inner : null;
}

/**
 * Follow a handler as written to the function that runs: an inline function, a reference
 * (`handler: getForecast`), an imported function, a method (`this.run.bind(this)`), or a const
 * holding any of those. Returns null when the trail leaves what the checker can see.
 *
 * `withBody`: the caller wants a function with a body (the project's), so a name is not followed
 * into declaration files, which hold none (a trail through one stays in declaration files: they
 * have no initializers). On TypeScript 7 their files are then never fetched.
 */
export function resolveFunction(node: ts.Node, checker: AnalysisChecker, depth = 0, withBody = false): FunctionNode | null {
  if (depth > 8) return null;
  if (isFunctionNode(node)) return node;
  if (isPropertyAssignment(node) || isPropertyDeclaration(node) || isVariableDeclaration(node)) {
    return node.initializer ? resolveFunction(node.initializer, checker, depth + 1, withBody) : null;
  }
  if (isExportAssignment(node)) return resolveFunction(node.expression, checker, depth + 1, withBody);
  if (!isExpression(node)) return null;
  const expression = unwrapExpression(node);
  if (isFunctionNode(expression)) return expression;

  // `fn.bind(this)` runs `fn`.
  if (isCallExpression(expression)) {
    const callee = unwrapExpression(expression.expression);
    if (isPropertyAccessExpression(callee) && callee.name.text === "bind") return resolveFunction(callee.expression, checker, depth + 1, withBody);
    // The generated `conform(name, handler)` hands its handler back unchanged: the handler runs.
    const wrapped = expression.arguments[1];
    if (isIdentifier(callee) && callee.text === "conform" && expression.arguments.length === 2 && wrapped)
      return resolveFunction(wrapped, checker, depth + 1, withBody);
    return passThroughWrapper(expression, checker, depth);
  }

  if (isIdentifier(expression) || isPropertyAccessExpression(expression)) {
    let symbol = checker.getSymbolAtLocation(isPropertyAccessExpression(expression) ? expression.name : expression);
    if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (!symbol) return null;
    const declarations = withBody ? declarationsWhere(symbol, checker, mayHoldCode) : (symbol.declarations ?? []);
    for (const declaration of declarations) {
      if ((declaration as ts.Node) === node) continue;
      const resolved = resolveFunction(declaration, checker, depth + 1, withBody);
      if (resolved) return resolved;
    }
    // A shorthand property `{ handler }` resolves to the value symbol it names. (One is code, so
    // it is among the declarations kept; the value declaration is asked only then.)
    const shorthand = withBody
      ? declarations.find((declaration) => isShorthandPropertyAssignment(declaration) && declaration === symbol.valueDeclaration)
      : symbol.valueDeclaration;
    if (shorthand && isShorthandPropertyAssignment(shorthand)) {
      const value = checker.getShorthandAssignmentValueSymbol(shorthand);
      for (const declaration of value ? (withBody ? declarationsWhere(value, checker, mayHoldCode) : (value.declarations ?? [])) : []) {
        const resolved = resolveFunction(declaration, checker, depth + 1, withBody);
        if (resolved) return resolved;
      }
    }
  }
  return null;
}
