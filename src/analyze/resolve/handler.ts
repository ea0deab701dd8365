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
 */
export function resolveFunction(node: ts.Node, checker: AnalysisChecker, depth = 0): FunctionNode | null {
  if (depth > 8) return null;
  if (isFunctionNode(node)) return node;
  if (isPropertyAssignment(node) || isPropertyDeclaration(node) || isVariableDeclaration(node)) {
    return node.initializer ? resolveFunction(node.initializer, checker, depth + 1) : null;
  }
  if (isExportAssignment(node)) return resolveFunction(node.expression, checker, depth + 1);
  if (!isExpression(node)) return null;
  const expression = unwrapExpression(node);
  if (isFunctionNode(expression)) return expression;

  // `fn.bind(this)` runs `fn`.
  if (isCallExpression(expression)) {
    const callee = unwrapExpression(expression.expression);
    if (isPropertyAccessExpression(callee) && callee.name.text === "bind") return resolveFunction(callee.expression, checker, depth + 1);
    // The generated `conform(name, handler)` hands its handler back unchanged: the handler runs.
    const wrapped = expression.arguments[1];
    if (isIdentifier(callee) && callee.text === "conform" && expression.arguments.length === 2 && wrapped) return resolveFunction(wrapped, checker, depth + 1);
    return passThroughWrapper(expression, checker, depth);
  }

  if (isIdentifier(expression) || isPropertyAccessExpression(expression)) {
    let symbol = checker.getSymbolAtLocation(isPropertyAccessExpression(expression) ? expression.name : expression);
    if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    for (const declaration of symbol?.declarations ?? []) {
      if ((declaration as ts.Node) === node) continue;
      const resolved = resolveFunction(declaration, checker, depth + 1);
      if (resolved) return resolved;
    }
    // A shorthand property `{ handler }` resolves to the value symbol it names.
    if (symbol?.valueDeclaration && isShorthandPropertyAssignment(symbol.valueDeclaration)) {
      const value = checker.getShorthandAssignmentValueSymbol(symbol.valueDeclaration);
      for (const declaration of value?.declarations ?? []) {
        const resolved = resolveFunction(declaration, checker, depth + 1);
        if (resolved) return resolved;
      }
    }
  }
  return null;
}
