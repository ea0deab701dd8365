import type { ts } from "../../compiler.cjs";
import { SymbolFlags, SyntaxKind, TypeFlags } from "../engine/ts6-enums.generated.js";
import type { ReturnKind } from "../inventory.js";
import { calleeName, getPropertyValue, isFunctionNode, unwrapExpression } from "../syntax.js";
import { isCallToolResultLiteral, payloadSlot, spreadStructuredContent } from "./call-tool-result.js";
import { isErrorEnvelopeLiteral } from "./error-envelope.js";
import { isErrorText } from "./error-text.js";
import { isGeneratedFile } from "../../write/header.js";
import { payloadTypeOf, settledTypeOf } from "./expression-type.js";
import { resolveFunction } from "./handler.js";
import { collectResultPoints } from "./assigned-results.js";
import { collectExitPoints, type ExitPoint, exitSite } from "./return-paths.js";
import {
  forEachChild,
  isArrowFunction,
  isAwaitExpression,
  isBinaryExpression,
  isBlock,
  isCallExpression,
  isConstList,
  isExpression,
  isIdentifier,
  isImportDeclaration,
  isImportSpecifier,
  isNewExpression,
  isNumericLiteral,
  isObjectLiteralExpression,
  isParameter,
  isPropertyAccessExpression,
  isShorthandPropertyAssignment,
  isSourceFile,
  isStringLiteral,
  isStringLiteralLike,
  isTemplateExpression,
  isVariableDeclaration,
  isVariableDeclarationList,
  kindField,
  kindOf,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

export type PayloadMode = "call-tool-result" | "raw";

export interface AnalysedExit {
  node: ts.Node;
  kind: ReturnKind;
  via: string;
  /**
   * The payload's types on a success path: one, or one per success return of the helper the path
   * returns through (`return lookupOrder(id)`); null for one that cannot be told.
   */
  payloads: (ts.Type | null)[];
}

/** How deep to follow helper calls (`return ok(result)` → `function ok(x) { return {...} }`). */
const MAX_HELPER_DEPTH = 3;

function projectFunction(call: ts.CallExpression, checker: AnalysisChecker) {
  const target = resolveFunction(call.expression, checker);
  return target && !target.getSourceFile().isDeclarationFile ? target : null;
}

function constObjectLiteral(node: ts.Expression, checker: AnalysisChecker): ts.ObjectLiteralExpression | undefined {
  if (!isIdentifier(node)) return undefined;
  const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
  if (!declaration || !isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const list = declaration.parent;
  if (!isVariableDeclarationList(list) || !isConstList(list)) return undefined;
  const initializer = unwrapExpression(declaration.initializer);
  return isObjectLiteralExpression(initializer) ? initializer : undefined;
}

function awaited(type: ts.Type, checker: AnalysisChecker): ts.Type {
  return checker.getAwaitedType(type) ?? type;
}

function isTrueLiteralType(type: ts.Type, checker: AnalysisChecker): boolean {
  return (type.flags & TypeFlags.BooleanLiteral) !== 0 && checker.typeToString(type) === "true";
}

/**
 * The `structuredContent` a CallToolResult's type declares, when it says what the tool hands the
 * model. The SDK's own `CallToolResult` declares it as any object (`{ [x: string]: unknown }`):
 * a slot, not a payload. A property declared only in a declaration file (the SDK's) tells
 * nothing, and is null; one the project declares (`interface Result extends CallToolResult {
 * structuredContent: Forecast }`) or the checker instantiates from a project helper is the payload.
 */
function declaredStructuredContent(type: ts.Type, checker: AnalysisChecker, at: ts.Node): ts.Type | null {
  const structured = checker.getPropertyOfType(type, "structuredContent");
  if (!structured) return null;
  const declarations = structured.declarations ?? [];
  if (declarations.length > 0 && declarations.every((declaration) => declaration.getSourceFile().isDeclarationFile)) return null;
  return checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(structured, at));
}

/** Type-level fallback for a returned CallToolResult that is not a literal. */
function payloadFromResultType(type: ts.Type, checker: AnalysisChecker, at: ts.Node): { payload: ts.Type | null; isError: boolean } {
  const isErrorSymbol = checker.getPropertyOfType(type, "isError");
  const isError = isErrorSymbol ? isTrueLiteralType(checker.getTypeOfSymbolAtLocation(isErrorSymbol, at), checker) : false;
  return { payload: declaredStructuredContent(type, checker, at), isError };
}

/** Whether a type is, or is built from, a type parameter (`T`, `T | null`, `{ items: T[] }`), a few levels down. */
function mentionsTypeParameter(type: ts.Type, checker: AnalysisChecker, depth = 2): boolean {
  if ((type.flags & TypeFlags.TypeParameter) !== 0) return true;
  if (type.isUnionOrIntersection()) return type.types.some((member) => mentionsTypeParameter(member, checker, depth));
  if (depth === 0 || (type.flags & TypeFlags.Object) === 0) return false;
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    return checker.getTypeArguments(type as ts.TypeReference).some((argument) => mentionsTypeParameter(argument, checker, depth - 1));
  }
  return checker.getPropertiesOfType(type).some((property) => mentionsTypeParameter(checker.getTypeOfSymbol(property), checker, depth - 1));
}

/**
 * The call a returned variable holds: `const result = await run(args); return result;` (or a
 * `let` never assigned again, or declared bare and assigned once) returns what `return run(args)`
 * would. Anything else it could hold is not followed.
 */
function heldCall(node: ts.Expression, checker: AnalysisChecker): ts.CallExpression | undefined {
  if (!isIdentifier(node)) return undefined;
  const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
  if (!declaration || !isVariableDeclaration(declaration) || !isIdentifier(declaration.name)) return undefined;
  const list = declaration.parent;
  if (!isVariableDeclarationList(list)) return undefined;
  let value = declaration.initializer;
  if (!isConstList(list)) {
    const assigned = assignmentsTo(declaration.name.text, declaration);
    if (assigned === undefined) return undefined;
    if (value ? assigned.length > 0 : assigned.length !== 1) return undefined;
    value ??= assigned[0];
  }
  if (!value) return undefined;
  const held = unwrapExpression(value);
  return isCallExpression(held) ? held : undefined;
}

/**
 * The values assigned by `=` to a name in the function (or file) that declares it, nested
 * functions included; undefined when it is changed any other way (`+=`, `++`), which is not followed.
 */
function assignmentsTo(name: string, declaration: ts.VariableDeclaration): ts.Expression[] | undefined {
  let scope: ts.Node = declaration.parent;
  while (!isFunctionNode(scope) && !isSourceFile(scope) && scope.parent) scope = scope.parent;
  const values: ts.Expression[] = [];
  let other = false;
  const walk = (node: ts.Node): void => {
    if (other) return;
    if (isBinaryExpression(node) && isIdentifier(node.left) && node.left.text === name) {
      const operator = kindOf(node.operatorToken);
      if (operator === SyntaxKind.EqualsToken) values.push(node.right);
      else if (operator >= SyntaxKind.FirstCompoundAssignment && operator <= SyntaxKind.LastCompoundAssignment) other = true;
    } else if ((kindOf(node) === SyntaxKind.PrefixUnaryExpression || kindOf(node) === SyntaxKind.PostfixUnaryExpression) && isUpdateOf(node, name)) {
      other = true;
    }
    forEachChild(node, walk);
  };
  forEachChild(scope, walk);
  return other ? undefined : values;
}

function isUpdateOf(node: ts.Node, name: string): boolean {
  const update = node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression;
  const operator = kindField(update, update.operator);
  return (operator === SyntaxKind.PlusPlusToken || operator === SyntaxKind.MinusMinusToken) && isIdentifier(update.operand) && update.operand.text === name;
}

/**
 * SDK 2.x's `InputRequiredResult` (`return inputRequired({ inputRequests })`): not a response but a
 * request for more input, after which the client calls the tool again. It carries no payload.
 */
export function isInputRequiredResult(type: ts.Type, checker: AnalysisChecker, at: ts.Node): boolean {
  const symbol = checker.getPropertyOfType(type, "resultType");
  if (!symbol) return false;
  const value = checker.getTypeOfSymbolAtLocation(symbol, at);
  return value.isStringLiteral() && value.value === "input_required";
}

/** A CallToolResult by its type: its `content` is an array (of blocks), not any field named `content`. */
function isCallToolResultType(type: ts.Type, checker: AnalysisChecker): boolean {
  if ((type.flags & TypeFlags.Object) === 0) return false;
  const content = checker.getPropertyOfType(type, "content");
  if (!content) return false;
  const contentType = checker.getNonNullableType(checker.getTypeOfSymbol(content));
  const members = contentType.isUnion() ? contentType.types : [contentType];
  return members.some((member) => checker.isArrayType(member) || checker.isTupleType(member));
}

interface Classified {
  kind: ReturnKind;
  via: string;
  payload: ts.Type | null;
  /** Further success payloads, when the path returns through a helper with several success returns. */
  morePayloads?: (ts.Type | null)[];
  /** Error paths inside the helpers this path returns through: each an error path of the tool. */
  helperErrors?: { node: ts.Node; via: string }[];
}

/**
 * `rawPayload` gives the payload when the object itself is the payload; it is a thunk because a
 * const's literal is classified by its words but typed by its declaration, and asking the checker
 * about a literal it need not type is the dearest thing the analyser does.
 */
function classifyObjectLiteral(
  object: ts.ObjectLiteralExpression,
  mode: PayloadMode,
  checker: AnalysisChecker,
  depth: number,
  rawPayload: () => ts.Type = () => checker.getTypeAtLocation(object),
): Classified {
  const isResult = isCallToolResultLiteral(object, checker);
  if (isResult || mode === "call-tool-result") {
    const isErrorValue = getPropertyValue(object, "isError");
    const flagged = isErrorValue !== undefined && isExpression(isErrorValue) && kindOf(unwrapExpression(isErrorValue)) === SyntaxKind.TrueKeyword;
    const slot = isResult ? payloadSlot(object, checker) : { kind: "none" as const };
    const spread = isResult && slot.kind !== "structured" ? spreadStructuredContent(object, checker) : undefined;
    if (spread) return classifySpreadResult(spread, flagged, checker, depth);
    const payloadExpression = slot.kind === "none" ? undefined : unwrapExpression(slot.expression);
    const payload = slot.kind === "text" ? checker.getStringType() : slot.kind === "none" ? null : payloadTypeOf(slot.expression, checker);
    if (flagged) return { kind: "error", via: "isError", payload };
    if (slot.kind === "text" && isErrorText(slot.expression)) return { kind: "error", via: "error-text", payload };
    const envelope =
      payloadExpression && isObjectLiteralExpression(payloadExpression)
        ? payloadExpression
        : payloadExpression
          ? constObjectLiteral(payloadExpression, checker)
          : undefined;
    if (envelope && isErrorEnvelopeLiteral(envelope)) return { kind: "error", via: "error-envelope", payload };
    if (!isResult && isErrorEnvelopeLiteral(object)) return { kind: "error", via: "error-envelope", payload: rawPayload() };
    return { kind: "success", via: "return", payload: isResult ? payload : rawPayload() };
  }
  if (isErrorEnvelopeLiteral(object)) return { kind: "error", via: "error-envelope", payload: rawPayload() };
  return { kind: "success", via: "return", payload: rawPayload() };
}

/**
 * A result literal whose `structuredContent` comes from a spread (`{ ...structuredResult(data),
 * isError: false }`): the payload is the spread's, through the helper when it is one of the
 * project's (so its type parameters take this call's arguments), else the `structuredContent` its
 * type declares.
 */
function classifySpreadResult(spread: ts.Expression, flagged: boolean, checker: AnalysisChecker, depth: number): Classified {
  const value = unwrapExpression(spread);
  const through = isCallExpression(value) ? classifyHelperCall(value, "call-tool-result", checker, depth) : undefined;
  if (through) {
    if (flagged) return { ...through, kind: "error", via: "isError" };
    return through;
  }
  const payload = declaredStructuredContent(checker.getTypeAtLocation(value), checker, value);
  return flagged ? { kind: "error", via: "isError", payload } : { kind: "success", via: "return", payload };
}

/**
 * A returned call to one of the project's own helpers: classify through the helper. Its success
 * returns give the path's payloads (a payload that is one of the helper's parameters is the
 * argument at this call site); its error returns (transitively, through helpers of its own) are
 * error paths of the tool. A helper whose every return is an error makes the path an error.
 */
function classifyHelperCall(call: ts.CallExpression, mode: PayloadMode, checker: AnalysisChecker, depth: number): Classified | undefined {
  if (depth >= MAX_HELPER_DEPTH) return undefined;
  const helper = projectFunction(call, checker);
  if (!helper) return undefined;
  const points = collectExitPoints(helper);
  const exits = points.map((exit) => classifyExit(exit, mode, checker, depth + 1));
  // A payload built from the helper's type parameters (`structuredContent: { items }` with
  // `items: T[]`) is what the checker instantiates at this call: the `structuredContent` of the
  // call's type. One it cannot tell (a declared `CallToolResult`, `JSON.stringify(wrap(x))`) is unknown, never `T`.
  const generic = (helper.typeParameters?.length ?? 0) > 0;
  let callPayload: ts.Type | null | undefined;
  const instantiated = (): ts.Type | null => {
    if (callPayload === undefined) {
      const payload = declaredStructuredContent(settledTypeOf(call, checker), checker, call);
      callPayload = payload && !mentionsTypeParameter(payload, checker) ? payload : null;
    }
    return callPayload;
  };
  if (exits.length === 0) return undefined;
  if (exits.every((exit) => exit.kind === "error")) return { kind: "error", via: "error-helper", payload: null };
  const helperErrors: { node: ts.Node; via: string }[] = [];
  const payloads: (ts.Type | null)[] = [];
  points.forEach((point, index) => {
    const exit = exits[index]!;
    helperErrors.push(...(exit.helperErrors ?? []));
    if (exit.kind === "error") {
      helperErrors.push({ node: exitSite(point), via: exit.via === "return" ? "error-helper" : exit.via });
      return;
    }
    // A payload that is the helper's parameter is what this call site passes.
    const parameter = point.expression ? parameterIndexOfPayload(point.expression, helper, mode, checker) : -1;
    const argument = parameter >= 0 ? call.arguments[parameter] : undefined;
    if (argument) payloads.push(checker.getTypeAtLocation(argument));
    else
      payloads.push(
        ...[exit.payload, ...(exit.morePayloads ?? [])].map((payload) =>
          payload && generic && mentionsTypeParameter(payload, checker) ? instantiated() : payload,
        ),
      );
  });
  // A raw value from a helper: the call's own type keeps the helper's declared return type (`Quote`).
  if (mode === "raw") {
    const type = settledTypeOf(call, checker);
    if (!isCallToolResultType(type, checker)) return { kind: "success", via: "helper", payload: type, helperErrors };
  }
  const [first, ...more] = payloads;
  return { kind: "success", via: "helper", payload: first ?? null, morePayloads: more, helperErrors };
}

const formatterFiles = new WeakMap<ts.SourceFile, boolean>();
const FORMATTER_NAME = /^format[A-Z]\w*$/;
/** Where generated formatters live: `<output dir>/formatters/<tool>.js`. */
const FORMATTER_MODULE = /\/formatters\/[^/]+\.js$/;

/** The imported name a call is made by, with its module specifier: `formatX` from `./gen/formatters/x.js`. */
function importedCallee(
  call: ts.CallExpression,
  checker: AnalysisChecker,
): { name: string; specifier: string; declaration: ts.Declaration | undefined } | undefined {
  const callee = unwrapExpression(call.expression);
  if (!isIdentifier(callee)) return undefined;
  const symbol = checker.getSymbolAtLocation(callee);
  const specifierOf = (node: ts.Node | undefined): string | undefined => {
    for (let current = node; current; current = current.parent) {
      if (isImportDeclaration(current)) return isStringLiteral(current.moduleSpecifier) ? current.moduleSpecifier.text : undefined;
    }
    return undefined;
  };
  const importSpecifier = symbol?.declarations?.find((d) => isImportSpecifier(d));
  const specifier = specifierOf(importSpecifier);
  if (specifier === undefined) return undefined;
  const target = symbol && symbol.flags & SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : undefined;
  return {
    name: importSpecifier && isImportSpecifier(importSpecifier) ? (importSpecifier.propertyName ?? importSpecifier.name).text : callee.text,
    specifier,
    declaration: target?.valueDeclaration,
  };
}

/**
 * A call to one of mcp-conform's generated formatters (`formatGetForecast(forecast, parts)`,
 * `formatGetForecastError(parts)`): the payload is the first argument as the handler passes it, and
 * an `...Error` formatter is an error path. Following the formatter itself would yield the envelope
 * (or, worse, `ToolPayload<"x">`, which generation derives from this very inventory). Recognised
 * when the callee is declared in a file carrying our header, and also, by name and module path,
 * when that file does not exist yet: a fresh clone whose generated output is git-ignored.
 */
function generatedFormatterCall(call: ts.CallExpression, checker: AnalysisChecker): Classified | undefined {
  const imported = importedCallee(call, checker);
  if (!imported || !FORMATTER_NAME.test(imported.name)) return undefined;
  const file = imported.declaration?.getSourceFile();
  let generated: boolean;
  if (file) {
    generated = formatterFiles.get(file) ?? isGeneratedFile(file.text.slice(0, 600));
    formatterFiles.set(file, generated);
  } else {
    generated = FORMATTER_MODULE.test(imported.specifier);
  }
  if (!generated) return undefined;
  if (imported.name.endsWith("Error")) return { kind: "error", via: "formatter-error", payload: null };
  const [payload] = call.arguments;
  // `formatX(await this.run(symbol), parts)`: the payload is the settled value.
  return {
    kind: "success",
    via: "formatter",
    payload: payload ? payloadTypeOf(payload, checker) : null,
  };
}

/** `promise.then((payload) => formatX(payload, parts))` (migrate's form in a function that is not async): the formatter call. */
function settledFormatterCall(call: ts.CallExpression, checker: AnalysisChecker): Classified | undefined {
  const callee = unwrapExpression(call.expression);
  if (!isPropertyAccessExpression(callee) || callee.name.text !== "then" || call.arguments.length !== 1) return undefined;
  const callback = unwrapExpression(call.arguments[0]!);
  if (!isArrowFunction(callback) || isBlock(callback.body)) return undefined;
  const body = unwrapExpression(callback.body);
  return isCallExpression(body) ? generatedFormatterCall(body, checker) : undefined;
}

function parameterIndexOfPayload(expression: ts.Expression, helper: ts.SignatureDeclaration, mode: PayloadMode, checker: AnalysisChecker): number {
  const value = unwrapExpression(expression);
  let payloadNode: ts.Expression | undefined;
  if (isObjectLiteralExpression(value) && (isCallToolResultLiteral(value, checker) || mode === "call-tool-result")) {
    const slot = payloadSlot(value, checker);
    payloadNode = slot.kind === "structured" || slot.kind === "json-text" ? unwrapExpression(slot.expression) : undefined;
  } else if (mode === "raw") {
    payloadNode = value;
  }
  if (!payloadNode || !isIdentifier(payloadNode)) return -1;
  // `{ structuredContent }`: the name stands for the variable (here the parameter) it is short for.
  const symbol =
    isShorthandPropertyAssignment(payloadNode.parent) && payloadNode.parent.name === payloadNode
      ? checker.getShorthandAssignmentValueSymbol(payloadNode.parent)
      : checker.getSymbolAtLocation(payloadNode);
  const declaration = symbol?.valueDeclaration;
  return declaration && isParameter(declaration) ? helper.parameters.indexOf(declaration) : -1;
}

function classifyExit(exit: ExitPoint, mode: PayloadMode, checker: AnalysisChecker, depth: number): Classified {
  if (exit.isThrow) {
    const thrown = exit.expression ? unwrapExpression(exit.expression) : undefined;
    const isUserError = thrown !== undefined && isNewExpression(thrown) && isIdentifier(thrown.expression) && thrown.expression.text === "UserError";
    return { kind: "error", via: isUserError ? "UserError" : "throw", payload: null };
  }
  if (!exit.expression) return { kind: "success", via: "return", payload: checker.getVoidType() };
  const value = unwrapExpression(exit.expression);

  if (isObjectLiteralExpression(value)) return classifyObjectLiteral(value, mode, checker, depth);
  const constant = constObjectLiteral(value, checker);
  // A raw value keeps the type the const was declared with (`const listing: Listing = {...}`).
  if (constant) return classifyObjectLiteral(constant, mode, checker, depth, () => payloadTypeOf(value, checker));
  // Frameworks that serialise for you, handed text that is already JSON: the payload is what was stringified.
  if (isCallExpression(value) && calleeName(value) === "stringify" && value.arguments[0]) {
    return { kind: "success", via: "json-text", payload: payloadTypeOf(value.arguments[0], checker) };
  }
  // A literal returned as is has the type its function would infer: `"ok"` reads as `string`.
  if (isStringLiteralLike(value) || isNumericLiteral(value) || isTemplateExpression(value)) {
    return { kind: "success", via: "return", payload: checker.getBaseTypeOfLiteralType(checker.getTypeAtLocation(value)) };
  }
  if (isCallExpression(value)) {
    const formatter = generatedFormatterCall(value, checker) ?? settledFormatterCall(value, checker);
    if (formatter) return formatter;
    const throughHelper = classifyHelperCall(value, mode, checker, depth);
    if (throughHelper) return throughHelper;
  }

  // A returned value settles (`return await created` answers what `created` resolves to).
  const type = awaited(payloadTypeOf(exit.expression, checker), checker);
  if (isInputRequiredResult(type, checker, value)) return { kind: "success", via: "input-required", payload: null };
  // Whatever the style, a value shaped like a CallToolResult carries its payload inside; anything
  // else is the payload itself (wrappers and frameworks that serialise for you).
  if (isCallToolResultType(type, checker)) {
    // `const result = await run(args); return result;` returns what `return run(args)` would.
    const held = heldCall(value, checker);
    const throughHeld = held ? (generatedFormatterCall(held, checker) ?? classifyHelperCall(held, mode, checker, depth)) : undefined;
    if (throughHeld) return throughHeld;
    const { payload, isError } = payloadFromResultType(type, checker, value);
    return { kind: isError ? "error" : "success", via: isError ? "isError" : "return", payload };
  }
  return { kind: "success", via: "return", payload: type };
}

/**
 * `return conform("x", async () => { ... })()`: a method or a low-level branch whose body migrate
 * wrapped. Its exits are those of the function given to `conform`.
 */
function conformedBody(exit: ExitPoint, checker: AnalysisChecker): ts.Node | undefined {
  if (exit.isThrow || !exit.expression) return undefined;
  let value = unwrapExpression(exit.expression);
  if (isAwaitExpression(value)) value = unwrapExpression(value.expression);
  if (!isCallExpression(value)) return undefined;
  const inner = unwrapExpression(value.expression);
  if (!isCallExpression(inner) || calleeName(inner) !== "conform" || inner.arguments.length < 2) return undefined;
  return resolveFunction(inner.arguments[1]!, checker) ?? undefined;
}

function exitsThroughConform(root: ts.Node, checker: AnalysisChecker): ExitPoint[] {
  // A low-level branch's results include what it assigns for its dispatcher to return (return-paths.ts).
  return collectResultPoints(root).flatMap((exit) => {
    const body = conformedBody(exit, checker);
    return body ? collectExitPoints(body) : [exit];
  });
}

/**
 * Every exit of a handler (or scope), classified as success or error, with its payload types; each
 * followed by the error paths inside the helpers it returns through.
 */
export function analyseExits(root: ts.Node, mode: PayloadMode, checker: AnalysisChecker): AnalysedExit[] {
  return exitsThroughConform(root, checker).flatMap((exit): AnalysedExit[] => {
    const classified = classifyExit(exit, mode, checker, 0);
    const via =
      classified.via !== "return"
        ? classified.via
        : exit.assigned
          ? "assignment"
          : !exit.isThrow && isFunctionNode(root) && (exit.node === exit.expression || (exit.branch && isArrowFunction(root) && exit.node === root.body))
            ? "arrow-expression"
            : classified.via;
    const own: AnalysedExit = {
      node: exitSite(exit),
      kind: classified.kind,
      via,
      payloads: classified.kind === "success" ? [classified.payload, ...(classified.morePayloads ?? [])] : [classified.payload],
    };
    const inHelpers = (classified.helperErrors ?? []).map((error): AnalysedExit => ({ node: error.node, kind: "error", via: error.via, payloads: [] }));
    return [own, ...inHelpers];
  });
}
