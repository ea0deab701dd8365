import { ts } from "ts-morph";
import type { ProtocolId } from "../protocols/protocol.js";

/** What one rewritten exit calls: the formatter call's text, and the kit functions it uses. */
export interface FormatterCall {
  text: string;
  kit: string[];
}

export interface SuccessExit {
  /** The payload expression, verbatim. */
  payload: string;
  payloadNode: ts.Expression;
  /** Free text the legacy response carried beside the payload, as expressions. */
  notes: string[];
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

/** A payload that is a SmartResponse V1 object: summary with key findings, recommendations, context. */
function isSmartResponseV1(type: ts.Type, checker: ts.TypeChecker): boolean {
  const summary = has(type, "summary", checker);
  const recommendations = has(type, "recommendations", checker);
  return summary !== undefined && has(summary, "keyFindings", checker) !== undefined && recommendations !== undefined && has(recommendations, "investment", checker) !== undefined && has(type, "context", checker) !== undefined && has(type, "data", checker) !== undefined;
}

/** A payload that is itself an AORP envelope (immediate, actionable, quality, details). */
function isAorpEnvelope(type: ts.Type, checker: ts.TypeChecker): boolean {
  return ["immediate", "actionable", "quality", "details"].every((name) => checker.getPropertyOfType(type, name) !== undefined);
}

function notesArgument(notes: readonly string[]): string {
  return notes.length > 0 ? `, [${notes.join(", ")}]` : "";
}

/**
 * The success call per protocol: the payload, and the parts the protocol needs, from the kit's
 * legacy adapters (neutral values for what the old result never said).
 */
export function successCall(exit: SuccessExit, context: CallContext): FormatterCall {
  const { formatter, name, checker } = context;
  const type = checker.getTypeAtLocation(exit.payloadNode);
  switch (context.protocol) {
    case "aorp":
      if (isAorpEnvelope(type, checker)) {
        if (!ts.isIdentifier(exit.payloadNode)) throw new CannotRewrite("a hand-written AORP envelope written inline in the result: store it in a const first", exit.payloadNode);
        return { text: `${formatter}(${exit.payload}.details.data, aorpLayers(${exit.payload}))`, kit: ["aorpLayers"] };
      }
      return { text: `${formatter}(${exit.payload}, legacyParts(${name}${notesArgument(exit.notes)}))`, kit: ["legacyParts"] };
    case "aop":
    case "acor":
      return { text: `${formatter}(${exit.payload}, legacyParts(${name}${notesArgument(exit.notes)}))`, kit: ["legacyParts"] };
    case "smart-v2":
      if (isSmartResponseV1(type, checker)) {
        if (!ts.isIdentifier(exit.payloadNode)) throw new CannotRewrite("a SmartResponse V1 object written inline in the result: store it in a const first", exit.payloadNode);
        return { text: `${formatter}(${exit.payload}.data, fromSmartResponseV1(${name}, ${exit.payload}))`, kit: ["fromSmartResponseV1"] };
      }
      return { text: `${formatter}(${exit.payload}, legacySections(${name}${notesArgument(exit.notes)}))`, kit: ["legacySections"] };
    case "guidance": {
      // The Guidance Pattern has no slot for free text: the guidance stub says what comes next.
      const notes = exit.notes.map((note) => ` /* the legacy response also said: ${note.replace(/\*\//g, "* /")} */`).join("");
      return { text: `${formatter}(${exit.payload}${notes})`, kit: [] };
    }
  }
}

/** The error call per protocol, from the legacy error's message. */
export function errorCall(message: string, context: CallContext): FormatterCall {
  const { formatter, name } = context;
  switch (context.protocol) {
    case "aorp":
    case "acor":
      return { text: `${formatter}Error(legacyErrorParts(${name}, ${message}))`, kit: ["legacyErrorParts"] };
    case "aop":
      return { text: `${formatter}Error(legacyErrorParts(${message}))`, kit: ["legacyErrorParts"] };
    case "smart-v2":
      // Composed with the Guidance Pattern, the error formatter also takes the error for `errorGuidance`.
      return { text: `${formatter}Error(legacyErrorSections(${name}, ${message})${context.guidance ? `, ${message}` : ""})`, kit: ["legacyErrorSections"] };
    case "guidance":
      return { text: `${formatter}Error(${message})`, kit: [] };
  }
}
