import { ts } from "../compiler.cjs";
import { getPropertyValue, unwrapExpression } from "../analyze/syntax.js";
import { isCallToolResultLiteral, payloadSlot } from "../analyze/resolve/call-tool-result.js";
import { isErrorEnvelopeLiteral } from "../analyze/resolve/error-envelope.js";
import { isErrorText, leadingErrorLabel, withoutErrorHeading } from "../analyze/resolve/error-text.js";
import { resolveFunction } from "../analyze/resolve/handler.js";
import { collectExitPoints, type ExitPoint } from "../analyze/resolve/return-paths.js";
import type { ForeignCalls } from "./foreign-calls.js";
import type { GeneratedSymbols } from "./generated.js";
import type { LegacyStep } from "./formatter-call-parts.js";
import { saidBeside, type SaidBeside } from "./legacy-error-fields.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * What a legacy exit becomes. `payload` and `message` are source text taken verbatim from the
 * handler (the expressions the author wrote), so the rewrite moves code, it never retypes it.
 */
export type ExitRewrite =
  | {
      kind: "success";
      exit: ExitPoint;
      payload: string;
      payloadNode: ts.Expression;
      notes: ts.Expression[];
      carried?: Carried;
      inside?: InsideHelper;
      payloadIsText?: boolean;
    }
  | { kind: "error"; exit: ExitPoint; message: string; messageNode: ts.Node; carried?: Carried; said?: SaidBeside; labelled?: string }
  | { kind: "done"; exit: ExitPoint }
  | { kind: "skip"; exit: ExitPoint; reason: string }
  | { kind: "outcome"; exit: ExitPoint; call: ts.CallExpression; outcome: OutcomeHelper };

/**
 * A handler's `return handleCliOutput(output)`: a project function whose returns are both error
 * results and successes with a readable payload, shared by the tools that return it. It is
 * rewritten inside to return what happened (`{ ok: true as const, payload }` or `{ ok: false as
 * const, message }`, its declared `CallToolResult` return type dropped), and the handler formats
 * that: the success with the formatter, the error with the error formatter.
 */
export interface OutcomeHelper {
  helper: ts.SignatureDeclaration;
  /** Each of the helper's exits with the outcome expression it returns instead. */
  exits: { expression: ts.Expression; outcome: string }[];
  /** The payload's type, as the helper's successes build it. */
  payloadType: ts.Type;
  /**
   * Every success is one text block (its text the payload) and every error an `isError: true`
   * result: the result itself tells which it is and says its text, so a helper other code also
   * uses can stay as it is, and the handler reads its result (`legacyResultText(result)`).
   */
  readable: boolean;
}

/** `{ content: [{ type: "text", text }] }`, one text block and nothing else, or with `isError: true`. */
function isOneTextResult(expression: ts.Expression, isError: boolean): boolean {
  const value = unwrapExpression(expression);
  if (!ts.isObjectLiteralExpression(value) || !isCallToolResultLiteral(value)) return false;
  for (const property of value.properties) {
    const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
    if (!ts.isPropertyAssignment(property) || (name !== "content" && name !== "isError")) return false;
  }
  const flag = getPropertyValue(value, "isError");
  const flagged = flag !== undefined && ts.isExpression(flag) && unwrapExpression(flag).kind === ts.SyntaxKind.TrueKeyword;
  if (flagged !== isError || (flag !== undefined && !flagged)) return false;
  const content = getPropertyValue(value, "content");
  const array = content && ts.isExpression(content) ? unwrapExpression(content) : undefined;
  if (!array || !ts.isArrayLiteralExpression(array) || array.elements.length !== 1) return false;
  const block = unwrapExpression(array.elements[0]!);
  if (!ts.isObjectLiteralExpression(block) || block.properties.length !== 2) return false;
  const type = getPropertyValue(block, "type");
  const text = getPropertyValue(block, "text");
  return type !== undefined && ts.isExpression(type) && ts.isStringLiteralLike(unwrapExpression(type)) && text !== undefined && ts.isExpression(text);
}

/**
 * A handler's `return formatSmartPEBandResult(quote, band)`: a project function that builds the
 * payload and returns it as a `CallToolResult`. It is rewritten inside, to return the payload
 * itself (its declared `CallToolResult` return type dropped), and the handler formats its result.
 */
export interface InsideHelper {
  helper: ts.SignatureDeclaration;
  /** Each of the helper's exits with the payload expression it returns instead. */
  exits: { expression: ts.Expression; payload: string }[];
  /** The payload's type, as the helper builds it (the call's own type is still `CallToolResult`). */
  payloadType: ts.Type;
}

/**
 * What a formatter call written for another protocol's output already carries (foreign-calls.ts):
 * its notes as source text and its steps, moved as they are instead of being looked for again.
 */
export interface Carried {
  notes: string[];
  /** Null when the call kept no steps of its own: they are looked for in its notes or message, as for a legacy exit. */
  steps: LegacyStep[] | null;
}

function text(node: ts.Node): string {
  return node.getText(node.getSourceFile());
}

/**
 * A `throw new Error(message)` (or any `new X(...)`): its first text argument, so
 * `new McpError(ErrorCode.InvalidParams, message)` gives the message, not the code; else null.
 */
function thrownMessage(expression: ts.Expression | undefined, checker: AnalysisChecker, code: ts.Expression | null = null): ts.Expression | null {
  const thrown = expression ? unwrapExpression(expression) : undefined;
  if (!thrown || !ts.isNewExpression(thrown)) return null;
  return (thrown.arguments ?? []).find((argument) => argument !== code && (checker.getTypeAtLocation(argument).flags & ts.TypeFlags.StringLike) !== 0) ?? null;
}

/**
 * `throw notFound("Task", id)`, `throw wrapToolError(error, "Assigning")`: a call of a project
 * function (an error factory) whose result is an Error (it has a string `message`); the message
 * is read from the value it makes, so whatever the factory puts together reaches the model.
 */
function thrownFactory(expression: ts.Expression | undefined, checker: AnalysisChecker): ts.CallExpression | null {
  const thrown = expression ? unwrapExpression(expression) : undefined;
  if (!thrown || !ts.isCallExpression(thrown)) return null;
  const factory = resolveFunction(thrown.expression, checker);
  if (!factory || factory.getSourceFile().isDeclarationFile) return null;
  const type = checker.getTypeAtLocation(thrown);
  const message = checker.getPropertyOfType(type, "message");
  if (!message || !checker.getPropertyOfType(type, "name")) return null;
  const messageType = checker.getTypeOfSymbolAtLocation(message, thrown);
  return (messageType.flags & ts.TypeFlags.StringLike) !== 0 ? thrown : null;
}

/**
 * `throw error`: a value held in a name, most often the caught one passed on (`catch (error) { if
 * (error instanceof NotFound) return ...; throw error; }`). The SDK sends such a throw as its
 * message; the error envelope says the same: `error.message` for an Error, and for a caught
 * `unknown` what the SDK itself would write (`String(error)` when it is no Error).
 */
function thrownValueMessage(expression: ts.Expression | undefined, checker: AnalysisChecker): string | null {
  const thrown = expression ? unwrapExpression(expression) : undefined;
  if (!thrown || !(ts.isIdentifier(thrown) || ts.isPropertyAccessExpression(thrown))) return null;
  const type = checker.getTypeAtLocation(thrown);
  const name = text(thrown);
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return `${name} instanceof Error ? ${name}.message : String(${name})`;
  const message = checker.getPropertyOfType(type, "message");
  if (!message || !checker.getPropertyOfType(type, "name")) return null;
  return (checker.getTypeOfSymbolAtLocation(message, thrown).flags & ts.TypeFlags.StringLike) !== 0 ? `${name}.message` : null;
}

/**
 * The argument of `new ToolError(message, "NOT_FOUND")` that becomes the error's string `code`: the
 * constructor's parameter property `code` (or a parameter it assigns to `this.code`), in a class of
 * the project. The expression moves as it is, like the message, so nothing runs twice.
 */
function constructedCode(construct: ts.NewExpression, checker: AnalysisChecker): ts.Expression | null {
  let symbol = checker.getSymbolAtLocation(construct.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.declarations?.find(ts.isClassDeclaration);
  if (!declaration || declaration.getSourceFile().isDeclarationFile) return null;
  const code = checker.getPropertyOfType(checker.getTypeAtLocation(construct), "code");
  if (!code || (checker.getTypeOfSymbolAtLocation(code, construct).flags & ts.TypeFlags.StringLike) === 0) return null;
  const constructor = declaration.members.find(ts.isConstructorDeclaration);
  if (!constructor) return null;
  const index = constructor.parameters.findIndex((parameter) => {
    if (!ts.isIdentifier(parameter.name)) return false;
    const name = parameter.name.text;
    if (name === "code" && ts.isParameterPropertyDeclaration(parameter, constructor)) return true;
    return (constructor.body?.statements ?? []).some((statement) => {
      if (
        !ts.isExpressionStatement(statement) ||
        !ts.isBinaryExpression(statement.expression) ||
        statement.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken
      )
        return false;
      const { left, right } = statement.expression;
      return (
        ts.isPropertyAccessExpression(left) &&
        left.expression.kind === ts.SyntaxKind.ThisKeyword &&
        left.name.text === "code" &&
        ts.isIdentifier(right) &&
        right.text === name
      );
    });
  });
  const argument = index === -1 ? undefined : construct.arguments?.[index];
  return argument && (checker.getTypeAtLocation(argument).flags & ts.TypeFlags.StringLike) !== 0 ? argument : null;
}

/**
 * The code an error factory gives every error it makes (`notFound(...)` returns
 * `new ToolError(message, "NOT_FOUND")`): one string literal on each of its returns, else null.
 */
function factoryCode(call: ts.CallExpression, checker: AnalysisChecker): string | null {
  const factory = resolveFunction(call.expression, checker);
  if (!factory) return null;
  const codes = collectExitPoints(factory).map((exit) => {
    const value = exit.expression && !exit.isThrow ? unwrapExpression(exit.expression) : undefined;
    const code = value && ts.isNewExpression(value) ? constructedCode(value, checker) : null;
    return code && ts.isStringLiteralLike(code) ? code.text : null;
  });
  const first = codes[0];
  return first !== undefined && first !== null && codes.every((code) => code === first) ? JSON.stringify(first) : null;
}

/** Source text of a literal's kind: `text` escaped for the quote `quote` opens it with. */
function escapedFor(quote: string, value: string): string {
  const escaped = value.replace(/\\/g, "\\\\");
  return quote === "`" ? escaped.replace(/`/g, "\\`").replace(/\$\{/g, "\\${") : escaped.replace(new RegExp(quote, "g"), `\\${quote}`);
}

/**
 * The message with the words that said it is an error in front (`Error: ...`, `❌ Error: ...`): a
 * literal gets them inside its quotes, any other expression becomes a template around them.
 */
function withLabel(label: string, source: string, isLiteral: boolean): string {
  const words = /[:.!?]$/u.test(label) ? `${label} ` : `${label}: `;
  if (isLiteral) return `${source[0]!}${escapedFor(source[0]!, words)}${source.slice(1)}`;
  return `\`${escapedFor("`", words)}\${${source}}\``;
}

function isTextLiteral(node: ts.Node): boolean {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
}

/**
 * An error with its message as the handler wrote it; a Markdown heading (`## ❌ Error`) is dropped
 * from a literal (it would be a heading inside the protocol's own error), and `labelled` keeps its
 * words for the protocols whose error envelopes do not say "error" themselves. `label` is the
 * words a helper wrote around its message argument (`Error: ${message}`).
 */
function error(exit: ExitPoint, node: ts.Expression, label?: string): ExitRewrite {
  const value = unwrapExpression(node);
  if (label !== undefined)
    return { kind: "error", exit, message: text(node), messageNode: node, labelled: withLabel(label, text(value), isTextLiteral(value)) };
  if (!isErrorText(node)) return { kind: "error", exit, message: text(node), messageNode: node };
  const message = withoutErrorHeading(node);
  const heading = message === text(value) ? undefined : leadingErrorLabel(node);
  return { kind: "error", exit, message, messageNode: node, ...(heading === undefined ? {} : { labelled: withLabel(heading, message, true) }) };
}

/** An `isError` result's words: the first text block's text, or the JSON it sends. */
function firstText(exit: ExitPoint, object: ts.ObjectLiteralExpression): ExitRewrite | null {
  const slot = payloadSlot(object);
  if (slot.kind === "text") return error(exit, slot.expression);
  if (slot.kind === "json-text") return { kind: "error", exit, message: `JSON.stringify(${text(slot.expression)})`, messageNode: slot.expression };
  return null;
}

/** Free text in blocks after the payload's (`"Use calculate_ddm next"`): kept as notes. */
function extraTexts(object: ts.ObjectLiteralExpression, payload: ts.Expression): ts.Expression[] {
  const content = getPropertyValue(object, "content");
  const array = content && ts.isExpression(content) ? unwrapExpression(content) : undefined;
  if (!array || !ts.isArrayLiteralExpression(array)) return [];
  const notes: ts.Expression[] = [];
  for (const element of array.elements) {
    const block = unwrapExpression(element);
    if (!ts.isObjectLiteralExpression(block)) continue;
    const value = getPropertyValue(block, "text");
    if (!value || !ts.isExpression(value) || (payload && value.getStart() <= payload.getStart() && payload.getEnd() <= value.getEnd())) continue;
    notes.push(value);
  }
  return notes;
}

function constInitializer(identifier: ts.Expression, checker: AnalysisChecker): ts.ObjectLiteralExpression | undefined {
  if (!ts.isIdentifier(identifier)) return undefined;
  const declaration = checker.getSymbolAtLocation(identifier)?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const initializer = unwrapExpression(declaration.initializer);
  return ts.isObjectLiteralExpression(initializer) ? initializer : undefined;
}

/**
 * `{ content: [...parts] }`, `{ content: blocks.length > 0 ? blocks : [...] }`: content built at run
 * time, every block of it a text block (by type). Its payload is their text, in order.
 */
function dynamicTexts(object: ts.ObjectLiteralExpression, checker: AnalysisChecker): ts.Expression | undefined {
  const content = getPropertyValue(object, "content");
  if (!content || !ts.isExpression(content)) return undefined;
  const type = checker.getTypeAtLocation(content);
  const parts = type.isUnion() ? type.types : [type];
  const textBlocks = parts.every((part) => {
    if (!checker.isArrayType(part) && !checker.isTupleType(part)) return false;
    const element = checker.getIndexTypeOfType(part, ts.IndexKind.Number);
    const members = element ? (element.isUnion() ? element.types : [element]) : [];
    return (
      members.length > 0 &&
      members.every((member) => {
        const textProperty = checker.getPropertyOfType(member, "text");
        const typeProperty = checker.getPropertyOfType(member, "type");
        if (!textProperty || !typeProperty) return false;
        const textType = checker.getTypeOfSymbolAtLocation(textProperty, content);
        const kind = checker.getTypeOfSymbolAtLocation(typeProperty, content);
        return (textType.flags & ts.TypeFlags.StringLike) !== 0 && kind.isStringLiteral() && kind.value === "text";
      })
    );
  });
  return textBlocks ? content : undefined;
}

/** An error envelope's words (`{ success: false, error, message }`): its message, else its error. */
function envelopeMessage(exit: ExitPoint, payload: ts.Expression, checker: AnalysisChecker): ExitRewrite | null {
  const unwrapped = unwrapExpression(payload);
  const literal = ts.isObjectLiteralExpression(unwrapped) ? unwrapped : constInitializer(unwrapped, checker);
  if (!literal || !isErrorEnvelopeLiteral(literal)) return null;
  for (const key of ["message", "error"]) {
    const value = getPropertyValue(literal, key);
    if (!value || !ts.isExpression(value)) continue;
    const made: ExitRewrite = literal === unwrapped ? error(exit, value) : { kind: "error", exit, message: `${text(unwrapped)}.${key}`, messageNode: value };
    const said = saidBeside(literal, literal === unwrapped ? null : text(unwrapped), key, checker);
    return said && made.kind === "error" ? { ...made, said } : made;
  }
  return null;
}

function fromCallToolResult(exit: ExitPoint, object: ts.ObjectLiteralExpression, checker: AnalysisChecker): ExitRewrite {
  const isError = getPropertyValue(object, "isError");
  if (isError && ts.isExpression(isError) && unwrapExpression(isError).kind === ts.SyntaxKind.TrueKeyword) {
    const slot = payloadSlot(object);
    // `isError` with an error envelope in JSON text: its message, not the JSON of the whole object.
    const message = (slot.kind === "json-text" ? envelopeMessage(exit, slot.expression, checker) : null) ?? firstText(exit, object);
    return message ?? { kind: "skip", exit, reason: "an isError result without a text block to take the message from" };
  }
  const slot = payloadSlot(object);
  if (slot.kind === "none") {
    const dynamic = dynamicTexts(object, checker);
    if (dynamic) {
      const array = unwrapExpression(dynamic);
      const operand =
        ts.isIdentifier(array) || ts.isArrayLiteralExpression(array) || ts.isPropertyAccessExpression(array) || ts.isCallExpression(array)
          ? text(dynamic)
          : `(${text(dynamic)})`;
      return { kind: "success", exit, payload: `${operand}.map((block) => block.text).join("\\n")`, payloadNode: dynamic, payloadIsText: true, notes: [] };
    }
    return { kind: "skip", exit, reason: "a result with neither structuredContent nor a text block: put its payload in a `text` block or `structuredContent`" };
  }
  // Errors by their own words: an error envelope as the payload, or error Markdown (`## ❌ Error`).
  if (slot.kind === "text" && isErrorText(slot.expression)) return error(exit, slot.expression);
  const envelope = envelopeMessage(exit, slot.expression, checker);
  if (envelope) return envelope;
  const payloadNode = slot.expression;
  // Beside structuredContent, a text block is its mirror (`JSON.stringify(data)`, `page.html`)
  // unless it has words of its own (`\`"${slug}" exists\``): those the model read, and keeps as notes.
  const notes = slot.kind === "structured" ? extraTexts(object, payloadNode).filter(isTextLiteral) : extraTexts(object, payloadNode);
  return { kind: "success", exit, payload: text(payloadNode), payloadNode, notes };
}

/** The argument given for `parameter` at `call`, when the expression is that parameter itself. */
function argumentFor(expression: ts.Expression, helper: ts.SignatureDeclaration, call: ts.CallExpression, checker: AnalysisChecker): ts.Expression | undefined {
  const inner = unwrapExpression(expression);
  if (!ts.isIdentifier(inner)) return undefined;
  const declaration = checker.getSymbolAtLocation(inner)?.valueDeclaration;
  if (!declaration || !ts.isParameter(declaration)) return undefined;
  return call.arguments[helper.parameters.indexOf(declaration)];
}

/** The parameter a text expression is built around (`message`, `` `Error: ${message}` ``), as its argument here. */
function textArgument(
  expression: ts.Expression,
  helper: ts.SignatureDeclaration,
  call: ts.CallExpression,
  checker: AnalysisChecker,
): ts.Expression | undefined {
  const value = unwrapExpression(expression);
  if (ts.isTemplateExpression(value)) {
    const found = value.templateSpans.map((span) => argumentFor(span.expression, helper, call, checker)).filter((argument) => argument !== undefined);
    return found.length === 1 ? found[0] : undefined;
  }
  return argumentFor(value, helper, call, checker);
}

/**
 * `return jsonResult(response)`: a project helper whose parameter is the payload; and
 * `return errorResult(message)`: one whose every return is an `isError` result (or an error envelope)
 * built around a parameter, whose argument is the message.
 */
function fromHelper(exit: ExitPoint, call: ts.CallExpression, checker: AnalysisChecker): ExitRewrite | null {
  const helper = resolveFunction(call.expression, checker);
  if (!helper || helper.getSourceFile().isDeclarationFile) return null;
  const exits = collectExitPoints(helper);
  const results = exits.map((each) => (each.expression ? unwrapExpression(each.expression) : undefined));
  if (results.length > 0 && results.every((result) => result !== undefined && ts.isObjectLiteralExpression(result) && isCallToolResultLiteral(result))) {
    const literals = results as ts.ObjectLiteralExpression[];
    const flagged = literals.every((literal) => {
      const isError = getPropertyValue(literal, "isError");
      return isError !== undefined && ts.isExpression(isError) && unwrapExpression(isError).kind === ts.SyntaxKind.TrueKeyword;
    });
    if (flagged) {
      // The words the helper writes before the message (`Error: ${message}`), the same in every result, or none.
      const labels = new Set<string | undefined>();
      const messages = literals.map((literal) => {
        const slot = payloadSlot(literal);
        labels.add(slot.kind === "text" && isErrorText(slot.expression) ? leadingErrorLabel(slot.expression) : undefined);
        if (slot.kind === "text") return textArgument(slot.expression, helper, call, checker);
        if (slot.kind === "json-text") {
          const envelope = unwrapExpression(slot.expression);
          if (!ts.isObjectLiteralExpression(envelope)) return argumentFor(envelope, helper, call, checker);
          for (const key of ["message", "error"]) {
            const value = getPropertyValue(envelope, key);
            if (value && ts.isExpression(value)) return textArgument(value, helper, call, checker);
          }
        }
        return undefined;
      });
      const message = messages[0];
      const label = labels.size === 1 ? [...labels][0] : undefined;
      return message !== undefined && messages.every((each) => each === message)
        ? error(exit, message, label)
        : { kind: "skip", exit, reason: `returns ${text(call.expression)}(...), an error result whose message is not one of its arguments` };
    }
  }
  if (exits.length !== 1 || !results[0]) return null;
  const returned = results[0];
  if (!ts.isObjectLiteralExpression(returned) || !isCallToolResultLiteral(returned)) return null;
  const slot = payloadSlot(returned);
  if (slot.kind === "none") return null;
  const argument = argumentFor(slot.expression, helper, call, checker);
  if (!argument) return null;
  return envelopeMessage(exit, argument, checker) ?? { kind: "success", exit, payload: text(argument), payloadNode: argument, notes: [] };
}

/** The function a call runs, when it is a named function of the project (declared once, never in a dependency). */
export function projectFunctionName(helper: ts.SignatureDeclaration): ts.Identifier | undefined {
  if (ts.isFunctionDeclaration(helper)) return helper.name;
  if ((ts.isArrowFunction(helper) || ts.isFunctionExpression(helper)) && ts.isVariableDeclaration(helper.parent) && ts.isIdentifier(helper.parent.name))
    return helper.parent.name;
  return undefined;
}

/**
 * `return formatSmartPEBandResult(quote, band)`: a project helper whose every exit is a success
 * `CallToolResult` with a readable payload (a literal, or a helper like `smartResult(response)`).
 */
function fromPayloadHelper(exit: ExitPoint, call: ts.CallExpression, checker: AnalysisChecker, generated: GeneratedSymbols, depth: number): ExitRewrite | null {
  if (depth > 2) return null;
  const helper = resolveFunction(call.expression, checker);
  if (!helper || helper.getSourceFile().isDeclarationFile || generated.isGeneratedCall(call)) return null;
  const name = projectFunctionName(helper);
  if (!name) return null;
  const exits = collectExitPoints(helper);
  if (exits.length === 0) return null;
  const inner: InsideHelper["exits"] = [];
  let payloadType: ts.Type | undefined;
  for (const each of exits) {
    // Its throws stay: the handler's call of it goes inside a try whose catch returns the error formatter's result (helper-throws.ts).
    if (each.isThrow) continue;
    if (!each.expression || isInsideTry(each.node, helper)) return null;
    const planned = planExit(each, checker, false, generated, false, null, depth + 1);
    if (planned.kind !== "success" || planned.notes.length > 0 || planned.inside) return null;
    const type = checker.getTypeAtLocation(planned.payloadNode);
    if (payloadType !== undefined && payloadType !== type) return null;
    payloadType = type;
    inner.push({ expression: each.expression, payload: planned.payload });
  }
  if (payloadType === undefined) return null;
  return { kind: "success", exit, payload: text(call), payloadNode: call, notes: [], inside: { helper, exits: inner, payloadType } };
}

/**
 * `return handleCliOutput(output)`: a project helper whose every exit is an error result with a
 * readable message or a success with a readable payload of one type, and at least one of each.
 */
function fromOutcomeHelper(exit: ExitPoint, call: ts.CallExpression, checker: AnalysisChecker, generated: GeneratedSymbols, depth: number): ExitRewrite | null {
  if (depth > 2) return null;
  const helper = resolveFunction(call.expression, checker);
  if (!helper || helper.getSourceFile().isDeclarationFile || generated.isGeneratedCall(call) || !projectFunctionName(helper)) return null;
  const exits: OutcomeHelper["exits"] = [];
  let payloadType: ts.Type | undefined;
  let errors = 0;
  let readable = true;
  for (const each of collectExitPoints(helper)) {
    // A throw stays a throw only where the handler's call of it is caught: not followed here.
    if (each.isThrow || !each.expression || isInsideTry(each.node, helper)) return null;
    const planned = planExit(each, checker, false, generated, false, null, depth + 1);
    if (planned.kind === "error" && !planned.carried && !planned.said) {
      errors++;
      readable &&= isOneTextResult(each.expression, true);
      exits.push({ expression: each.expression, outcome: `{ ok: false as const, message: ${planned.message} }` });
    } else if (planned.kind === "success" && planned.notes.length === 0 && !planned.inside && !planned.carried) {
      const type = planned.payloadIsText ? checker.getStringType() : checker.getTypeAtLocation(planned.payloadNode);
      if (payloadType !== undefined && payloadType !== type) return null;
      payloadType = type;
      readable &&= isOneTextResult(each.expression, false) && (type.flags & ts.TypeFlags.StringLike) !== 0;
      exits.push({ expression: each.expression, outcome: `{ ok: true as const, payload: ${planned.payload} }` });
    } else return null;
  }
  if (payloadType === undefined || errors === 0) return null;
  return { kind: "outcome", exit, call, outcome: { helper, exits, payloadType, readable } };
}

/**
 * Classify one exit of a handler for the rewrite. Everything not recognised is a skip with its
 * reason: migrate rewrites only what it can read completely.
 */
export function planExit(
  exit: ExitPoint,
  checker: AnalysisChecker,
  insideTry: boolean,
  generated: GeneratedSymbols,
  raw = false,
  foreign: ForeignCalls | null = null,
  depth = 0,
): ExitRewrite {
  if (exit.isThrow) {
    // A throw that a surrounding try in the handler catches is not an exit (collectExitPoints drops
    // those); one inside a `try/finally` would change what runs if it became a return.
    if (insideTry) return { kind: "skip", exit, reason: "a throw inside a try block: turning it into a return would change which code runs" };
    // The thrown error's message and, where the project's error class has one, its code become the error envelope.
    const thrown = exit.expression ? unwrapExpression(exit.expression) : undefined;
    const code = thrown && ts.isNewExpression(thrown) ? constructedCode(thrown, checker) : null;
    const message = thrownMessage(exit.expression, checker, code);
    if (message) {
      const made = error(exit, message);
      return code && made.kind === "error" ? { ...made, said: { code: text(code), nodes: [] } } : made;
    }
    const factory = thrownFactory(exit.expression, checker);
    if (factory) {
      const code = factoryCode(factory, checker);
      return { kind: "error", exit, message: `${text(factory)}.message`, messageNode: factory, ...(code ? { said: { code, nodes: [] } } : {}) };
    }
    const passedOn = thrownValueMessage(exit.expression, checker);
    if (passedOn) return { kind: "error", exit, message: passedOn, messageNode: exit.expression! };
    return {
      kind: "skip",
      exit,
      reason:
        "throws a value that is neither `new Error(message)`, an Error held in a name, nor a call of a project function returning an Error: throw `new Error(message)` there",
    };
  }
  if (!exit.expression) return { kind: "skip", exit, reason: "a bare `return;` has no result to format" };
  const value = unwrapExpression(exit.expression);
  // Frameworks that serialise for you (FastMCP, mcp-framework, xmcp) take the payload itself, or its JSON text.
  if (raw) {
    if (ts.isCallExpression(value) && ts.isPropertyAccessExpression(value.expression) && value.expression.name.text === "stringify" && value.arguments[0]) {
      return (
        envelopeMessage(exit, value.arguments[0], checker) ?? {
          kind: "success",
          exit,
          payload: text(value.arguments[0]),
          payloadNode: value.arguments[0],
          notes: [],
        }
      );
    }
    if (!ts.isCallExpression(value) && !(ts.isObjectLiteralExpression(value) && isCallToolResultLiteral(value))) {
      return envelopeMessage(exit, value, checker) ?? { kind: "success", exit, payload: text(value), payloadNode: value, notes: [] };
    }
  }
  if (ts.isCallExpression(value)) {
    // A generated formatter's call, by its symbol (declared in the output folder), never by its name.
    if (generated.isGeneratedCall(value)) return foreign ? foreign.read(exit, value) : { kind: "done", exit };
    const helper =
      fromHelper(exit, value, checker) ??
      fromPayloadHelper(exit, value, checker, generated, depth) ??
      fromOutcomeHelper(exit, value, checker, generated, depth);
    if (helper) return helper;
  }
  if (ts.isObjectLiteralExpression(value) && isCallToolResultLiteral(value)) return fromCallToolResult(exit, value, checker);
  // As the analyser reads it: a value that is not shaped like a CallToolResult is the payload itself.
  const type = checker.getAwaitedType(checker.getTypeAtLocation(value)) ?? checker.getTypeAtLocation(value);
  if (!checker.getPropertyOfType(type, "content"))
    return envelopeMessage(exit, value, checker) ?? { kind: "success", exit, payload: text(value), payloadNode: value, notes: [] };
  return ts.isCallExpression(value)
    ? { kind: "skip", exit, reason: `returns the result of ${text(value.expression)}(...), a CallToolResult whose payload cannot be read` }
    : { kind: "skip", exit, reason: "returns a CallToolResult that is not written out as a literal (a dynamic shape)" };
}

/** Whether `node` sits in a try block (of any try statement) between it and `root`. */
export function isInsideTry(node: ts.Node, root: ts.Node): boolean {
  for (let current = node.parent; current && current !== root; current = current.parent) {
    const parent = current.parent;
    if (parent && ts.isTryStatement(parent) && parent.tryBlock === current) return true;
  }
  return false;
}
