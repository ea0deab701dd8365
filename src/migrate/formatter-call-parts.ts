/**
 * What a protocol's migration mapping (src/protocols/<id>/migrate.ts) is given and gives back: the
 * legacy exits taken apart, the call context, and the small text builders every mapping shares.
 */
import { ts } from "../compiler.cjs";
import type { ProtocolId } from "../protocols/protocol.js";
import type { GuidanceParts } from "./legacy-error-fields.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/** What one rewritten exit calls: the formatter call's text, and the kit functions it uses. */
export interface FormatterCall {
  text: string;
  kit: string[];
  /** A const the call reads, to declare just before the return: `const <name> = <expression>;`. */
  bind?: { name: string; expression: string };
}

/** The first of `names` that no identifier of the function around `node` spells. */
export function freeName(node: ts.Node, names: readonly string[]): string | undefined {
  let scope: ts.Node = node;
  while (!ts.isSourceFile(scope) && !ts.isFunctionLike(scope)) scope = scope.parent;
  const used = new Set<string>();
  // A property's name (`metadata: { tool }` aside, which reads a variable) is no binding a const could shadow.
  const isPropertyName = (child: ts.Identifier): boolean => {
    const parent = child.parent;
    return (
      (ts.isPropertyAssignment(parent) || ts.isPropertyAccessExpression(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) &&
      parent.name === child
    );
  };
  const visit = (child: ts.Node): void => {
    if (ts.isIdentifier(child) && !isPropertyName(child)) used.add(child.text);
    ts.forEachChild(child, visit);
  };
  visit(scope);
  return names.find((name) => !used.has(name));
}

/** A tool the legacy response named (or the tool graph's data edge offers), with the params its payload fills. */
export interface LegacyStep {
  tool: string;
  /** Param name and the expression that gives it, verbatim. */
  params: [string, string][];
}

export interface SuccessExit {
  /** The payload expression, verbatim. */
  payload: string;
  payloadNode: ts.Expression;
  /** The payload's type when the node's own is not it (a helper rewritten to return the payload). */
  payloadType?: ts.Type;
  /** Free text the legacy response carried beside the payload, as expressions. */
  notes: string[];
  /** The tools it named, as next steps. */
  steps: LegacyStep[];
}

export interface ErrorExit {
  /** The message expression, verbatim. */
  message: string;
  /** Where the message was read from, in the handler (for a free name there). */
  messageNode?: ts.Node;
  /** The tools the message named, as recovery steps. */
  steps: LegacyStep[];
  /** What a legacy error envelope said besides its message (legacy-error-fields.ts). */
  code?: string;
  recovery?: string;
  /** The same, in the Guidance Pattern's own fields. */
  guidance?: GuidanceParts;
  /** The message with the words that said it is an error (`Error: ...`, a `## ❌ Error` heading) kept in front. */
  labelled?: string;
}

export interface CallContext {
  protocol: ProtocolId;
  guidance: boolean;
  /** `formatGetForecast`. */
  formatter: string;
  /** The tool name as a string literal. */
  name: string;
  checker: AnalysisChecker;
}

/** A shape migrate recognises but cannot rewrite where it stands. */
export class CannotRewrite extends Error {
  constructor(
    message: string,
    readonly node: ts.Node,
  ) {
    super(message);
  }
}

/** What a protocol's migration mapping says a rewritten exit calls, per protocol folder (`migrate.ts`). */
export interface ProtocolMigration {
  /** One next step as the protocol types it (`aorp.step("x", { ... })`), from the tool and its params' object text. */
  step(tool: string, params: string | undefined): string;
  /** The kit functions `step` calls. */
  readonly stepKit: readonly string[];
  /** The success call: the payload, and what the legacy response said in the protocol's legacy builder. */
  success(exit: SuccessExit, context: CallContext, steps: StepsText | undefined): FormatterCall;
  /** The error call: the message, and the code, recovery and steps the legacy error carried. */
  error(exit: ErrorExit, context: CallContext, steps: StepsText | undefined): FormatterCall;
}

/** The legacy steps as the protocol's typed array (`[aorp.step("x")]`), and the kit names it uses. */
export interface StepsText {
  text: string;
  kit: string[];
}

/** A property's type, without undefined and null; undefined when the type has no such property. */
export function propertyType(type: ts.Type, name: string, checker: AnalysisChecker): ts.Type | undefined {
  const symbol = checker.getPropertyOfType(type, name);
  return symbol ? checker.getNonNullableType(checker.getTypeOfSymbol(symbol)) : undefined;
}

const PURE_CONVERSIONS = new Set(["String", "Number", "Boolean", "JSON.stringify"]);

/**
 * Whether an expression's text can be written twice without doing twice what it does: names,
 * literals, property reads, templates and conditions of those, and the conversions `String(x)`,
 * `Number(x)`, `Boolean(x)` and `JSON.stringify(x)`. Any other call (`notFound("Task", id).message`),
 * `new`, an assignment or an increment cannot.
 */
export function readsWithoutEffects(expression: string): boolean {
  const file = ts.createSourceFile("expression.ts", `(${expression});`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let pure = file.statements.length === 1;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isCallExpression(node) && !PURE_CONVERSIONS.has(node.expression.getText(file))) ||
      ts.isNewExpression(node) ||
      ts.isTaggedTemplateExpression(node) ||
      ts.isAwaitExpression(node) ||
      ts.isYieldExpression(node) ||
      ts.isDeleteExpression(node) ||
      ts.isPrefixUnaryExpression(node) ||
      ts.isPostfixUnaryExpression(node) ||
      (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment)
    )
      pure = false;
    else ts.forEachChild(node, visit);
  };
  visit(file);
  return pure;
}

/** Several notes as one text: `[a, b].join("\n")`; one as itself. */
export function joined(notes: readonly string[]): string | undefined {
  if (notes.length <= 1) return notes[0];
  return `[${notes.join(", ")}].join("\n")`;
}

export function paramsObject(step: LegacyStep): string {
  return `{ ${step.params.map(([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${value}`).join(", ")} }`;
}

/** `{ key: value, ... }` of the entries that have a value; empty when none does. */
export function legacyObject(entries: [string, string | undefined][]): string {
  const present = entries.filter((entry): entry is [string, string] => entry[1] !== undefined);
  return present.length === 0 ? "" : `{ ${present.map(([key, value]) => `${key}: ${value}`).join(", ")} }`;
}

/** `kitFunction(name)` or `kitFunction(name, { ... })`. */
export function kitCall(fn: string, name: string, legacy: string): string {
  return legacy === "" ? `${fn}(${name})` : `${fn}(${name}, ${legacy})`;
}

/** A next step as a plain object, for protocols whose steps the kit does not build (`{ tool, arguments }`). */
export function plainStep(tool: string, params: string | undefined): string {
  return params ? `{ tool: ${tool}, arguments: ${params} }` : `{ tool: ${tool} }`;
}
