import { ts } from "ts-morph";
import type { ProtocolId } from "../protocols/protocol.js";
import type { GuidanceParts } from "./legacy-error-fields.js";

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
    return (ts.isPropertyAssignment(parent) || ts.isPropertyAccessExpression(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) && parent.name === child;
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
  checker: ts.TypeChecker;
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

function has(type: ts.Type, name: string, checker: ts.TypeChecker): ts.Type | undefined {
  const symbol = checker.getPropertyOfType(type, name);
  return symbol ? checker.getNonNullableType(checker.getTypeOfSymbol(symbol)) : undefined;
}

/**
 * A payload that is a SmartResponse V1 object, by its structure: a summary with a title and key
 * findings, the data, and metadata with the tool and a data quality (recommendations and context
 * are optional in V1, and their fields differ between servers).
 */
function isSmartResponseV1(type: ts.Type, checker: ts.TypeChecker): boolean {
  const summary = has(type, "summary", checker);
  const metadata = has(type, "metadata", checker);
  return (
    summary !== undefined &&
    has(summary, "title", checker) !== undefined &&
    has(summary, "keyFindings", checker) !== undefined &&
    metadata !== undefined &&
    has(metadata, "tool", checker) !== undefined &&
    has(metadata, "dataQuality", checker) !== undefined &&
    has(type, "data", checker) !== undefined
  );
}

/** A payload that is itself an AORP envelope (immediate, actionable, quality, details). */
function isAorpEnvelope(type: ts.Type, checker: ts.TypeChecker): boolean {
  return ["immediate", "actionable", "quality", "details"].every((name) => checker.getPropertyOfType(type, name) !== undefined);
}

/** Several notes as one text: `[a, b].join("\n")`; one as itself. */
function joined(notes: readonly string[]): string | undefined {
  if (notes.length <= 1) return notes[0];
  return `[${notes.join(", ")}].join("\n")`;
}

function paramsObject(step: LegacyStep): string {
  return `{ ${step.params.map(([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${value}`).join(", ")} }`;
}

/** Each step as the protocol's typed next step (a misspelt tool or param fails to compile), and the kit names it uses. */
function stepsFor(protocol: ProtocolId, steps: readonly LegacyStep[]): { text: string; kit: string[] } | undefined {
  if (steps.length === 0) return undefined;
  const each = steps.map((step) => {
    const tool = JSON.stringify(step.tool);
    const params = step.params.length > 0 ? paramsObject(step) : undefined;
    switch (protocol) {
      case "aorp":
        return params ? `aorp.step(${tool}, ${params})` : `aorp.step(${tool})`;
      case "smart-v2":
        return params ? `nextStep(${tool}, ${params})` : `nextStep(${tool})`;
      default:
        return params ? `{ tool: ${tool}, arguments: ${params} }` : `{ tool: ${tool} }`;
    }
  });
  const kit = protocol === "aorp" ? ["aorp"] : protocol === "smart-v2" ? ["nextStep"] : [];
  return { text: `[${each.join(", ")}]`, kit };
}

/** `{ key: value, ... }` of the entries that have a value; empty when none does. */
function legacyObject(entries: [string, string | undefined][]): string {
  const present = entries.filter((entry): entry is [string, string] => entry[1] !== undefined);
  return present.length === 0 ? "" : `{ ${present.map(([key, value]) => `${key}: ${value}`).join(", ")} }`;
}

/** `kitFunction(name)` or `kitFunction(name, { ... })`. */
function kitCall(fn: string, name: string, legacy: string): string {
  return legacy === "" ? `${fn}(${name})` : `${fn}(${name}, ${legacy})`;
}

/**
 * The success call per protocol: the payload, and the parts the protocol needs from the kit's
 * legacy builders, given what the legacy response said (its free text, the tools it named); the
 * builders fill the rest with neutral values that `check` counts as placeholders.
 */
export function successCall(exit: SuccessExit, context: CallContext): FormatterCall {
  const { formatter, name, checker } = context;
  const type = exit.payloadType ?? checker.getTypeAtLocation(exit.payloadNode);
  const text = joined(exit.notes);
  const steps = stepsFor(context.protocol, exit.steps);
  const kit = steps?.kit ?? [];
  switch (context.protocol) {
    case "aorp":
      if (isAorpEnvelope(type, checker)) {
        if (!ts.isIdentifier(exit.payloadNode)) throw new CannotRewrite("a hand-written AORP envelope written inline in the result: store it in a const first", exit.payloadNode);
        return { text: `${formatter}(${exit.payload}.details.data, aorpLayers(${exit.payload}))`, kit: ["aorpLayers"] };
      }
      return { text: `${formatter}(${exit.payload}, ${kitCall("legacyParts", name, legacyObject([["key_insight", text], ["next_steps", steps?.text]]))})`, kit: ["legacyParts", ...kit] };
    case "aop":
      return { text: `${formatter}(${exit.payload}, ${kitCall("legacyParts", name, legacyObject([["final", text]]))})`, kit: ["legacyParts"] };
    case "acor":
      return { text: `${formatter}(${exit.payload}, ${kitCall("legacyParts", name, legacyObject([["summary", text], ["next", steps?.text]]))})`, kit: ["legacyParts"] };
    case "smart-v2":
      if (isSmartResponseV1(type, checker)) {
        if (!ts.isIdentifier(exit.payloadNode)) {
          // Read twice (its data, and the rest): bound once, in a const before the return.
          const binding = freeName(exit.payloadNode, ["response", "smartResponse", "v1Response"]);
          if (binding === undefined) throw new CannotRewrite("a SmartResponse V1 object written inline in the result: store it in a const first", exit.payloadNode);
          return { text: `${formatter}(${binding}.data, fromSmartResponseV1(${name}, ${binding}))`, kit: ["fromSmartResponseV1"], bind: { name: binding, expression: exit.payload } };
        }
        return { text: `${formatter}(${exit.payload}.data, fromSmartResponseV1(${name}, ${exit.payload}))`, kit: ["fromSmartResponseV1"] };
      }
      return { text: `${formatter}(${exit.payload}, ${kitCall("legacySections", name, legacyObject([["conclusion", text], ["nextSteps", steps?.text]]))})`, kit: ["legacySections", ...kit] };
    case "guidance": {
      // The Guidance Pattern has no slot for free text: the guidance stub says what comes next.
      const notes = exit.notes.map((note) => ` /* the legacy response also said: ${note.replace(/\*\//g, "* /")} */`).join("");
      return { text: `${formatter}(${exit.payload}${notes})`, kit: [] };
    }
  }
}

/**
 * The error call per protocol, from the legacy error's message and the tools it named. AORP, AOP and
 * ACOR errors say they are errors in their own words (status "error", an ERROR block, an Error
 * message), so the words the legacy text said it with are left out of their message; SmartResponse
 * V2 and Guidance Pattern error envelopes hold the message as it was said (`Error: ...`).
 */
export function errorCall(exit: ErrorExit, context: CallContext): FormatterCall {
  const { formatter, name } = context;
  const steps = stepsFor(context.protocol, exit.steps);
  const kit = steps?.kit ?? [];
  const message = context.protocol === "guidance" || context.protocol === "smart-v2" ? (exit.labelled ?? exit.message) : exit.message;
  switch (context.protocol) {
    case "aorp":
      return { text: `${formatter}Error(legacyErrorParts(${name}, ${legacyObject([["message", exit.message], ["code", exit.code], ["next_steps", steps?.text], ["recovery", exit.recovery]])}))`, kit: ["legacyErrorParts", ...kit] };
    case "acor":
      return { text: `${formatter}Error(legacyErrorParts(${name}, ${legacyObject([["message", exit.message], ["code", exit.code], ["next", steps?.text], ["recovery", exit.recovery]])}))`, kit: ["legacyErrorParts"] };
    case "aop":
      return { text: `${formatter}Error(legacyErrorParts(${name}, ${legacyObject([["message", exit.message], ["code", exit.code], ["recovery", exit.recovery]])}))`, kit: ["legacyErrorParts"] };
    case "smart-v2": {
      const sections = `legacyErrorSections(${name}, ${legacyObject([["message", message], ["code", exit.code], ["nextSteps", steps?.text], ["recovery", exit.recovery]])})`;
      // Composed with the Guidance Pattern, the error formatter also takes the error for `errorGuidance`.
      return { text: `${formatter}Error(${sections}${context.guidance ? `, ${message}` : ""})`, kit: ["legacyErrorSections", ...kit] };
    }
    case "guidance": {
      // Laid over the stub's errorGuidance: the legacy's own available actions, else the tools its words named.
      const parts = exit.guidance ?? {};
      const actions = parts.available_actions ?? (exit.steps.length > 0 ? `[${exit.steps.map((step) => JSON.stringify(step.tool)).join(", ")}]` : undefined);
      const legacy = legacyObject([
        ["current_state", parts.current_state],
        ["next_action", parts.next_action],
        ["available_actions", actions],
        ["warnings", parts.warnings],
        ["blocked_reason", parts.blocked_reason],
        ["context", parts.context],
      ]);
      return { text: legacy === "" ? `${formatter}Error(${message})` : `${formatter}Error(${message}, ${legacy})`, kit: [] };
    }
  }
}
