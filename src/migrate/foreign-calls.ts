import { resolve, sep } from "node:path";
import { ts } from "../compiler.cjs";
import type { ExitPoint } from "../analyze/resolve/return-paths.js";
import { getPropertyValue, literalText, propertyNameText, unwrapExpression } from "../analyze/syntax.js";
import type { ExitRewrite } from "./exit-rewrites.js";
import type { LegacyStep } from "./formatter-call-parts.js";
import type { SaidBeside } from "./legacy-error-fields.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * Formatter calls that `migrate` once wrote for another protocol's output, read back so they can be
 * written for the configured one (a project moved onto the Guidance Pattern, then switched to AORP).
 * Only what migrate itself carries is moved: the payload, the legacy text (the kit builders' text
 * parts, or the "the legacy response also said" comments of the Guidance Pattern), the error
 * message, and the typed steps. A call whose parts were given by hand (a score, a recovery, a
 * hand-written envelope) is left alone with the reason: those do not map between protocols, and
 * migrate loses nothing silently.
 */

/** The kit builders' keys that hold the legacy text, in every protocol. */
const TEXT_KEYS = new Set(["key_insight", "conclusion", "final", "summary"]);
/** The keys that hold its steps. */
const STEP_KEYS = new Set(["next_steps", "nextSteps", "next"]);
const NOTE_COMMENT = /^\/\* the legacy response also said: ([\s\S]*) \*\/$/;

export class ForeignCalls {
  private readonly outputRoot: string;

  constructor(
    private readonly checker: AnalysisChecker,
    projectRoot: string,
    outputDir: string,
  ) {
    this.outputRoot = resolve(projectRoot, outputDir) + sep;
  }

  /** A call's callee is declared in the generated output (through its import). */
  private isGenerated(call: ts.CallExpression): boolean {
    const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
    let symbol = this.checker.getSymbolAtLocation(callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return (symbol?.declarations ?? []).some((declaration) => resolve(declaration.getSourceFile().fileName).startsWith(this.outputRoot));
  }

  read(exit: ExitPoint, call: ts.CallExpression): ExitRewrite {
    const callee = unwrapExpression(call.expression);
    const name = ts.isIdentifier(callee) ? callee.text : "";
    if (!this.isGenerated(call)) return { kind: "done", exit };
    const skip = (reason: string): ExitRewrite => ({
      kind: "skip",
      exit,
      reason: `${name}(...) was written for another protocol's output, ${reason}; write it again for this one by hand`,
    });
    const [first, second] = call.arguments;
    if (!first) return skip("with no arguments");
    if (name.endsWith("Error")) {
      const builder = this.builderCall(first);
      if (!builder) {
        // The Guidance Pattern's error formatter takes the message itself, and what the legacy error said in the pattern's fields.
        if (call.arguments.length <= 2 && (this.checker.getTypeAtLocation(first).flags & ts.TypeFlags.StringLike) !== 0) {
          const parts = second ? readGuidanceParts(second) : { nodes: [] };
          if ("reason" in parts) return skip(parts.reason);
          const said = parts.code === undefined && parts.recovery === undefined ? {} : { said: parts };
          return { kind: "error", exit, message: text(first), messageNode: first, carried: { notes: [], steps: null }, ...said };
        }
        return skip("with error parts written by hand");
      }
      const read = this.readLegacy(builder);
      if ("reason" in read) return skip(read.reason);
      if (read.message === undefined) return skip("with an error message that is not given as `message`");
      const said = read.said.code === undefined && read.said.recovery === undefined ? {} : { said: read.said };
      return { kind: "error", exit, message: read.message, messageNode: first, carried: { notes: [], steps: read.steps }, ...said };
    }
    if (call.arguments.length === 1) {
      return { kind: "success", exit, payload: text(first), payloadNode: first, notes: [], carried: { notes: noteComments(first), steps: null } };
    }
    const builder = second ? this.builderCall(second) : undefined;
    if (!builder) return skip("with parts written by hand (or a hand-written envelope)");
    const read = this.readLegacy(builder);
    if ("reason" in read) return skip(read.reason);
    return { kind: "success", exit, payload: text(first), payloadNode: first, notes: [], carried: { notes: read.notes, steps: read.steps } };
  }

  /** `legacyParts("tool", { ... })` and the other generated legacy builders. */
  private builderCall(node: ts.Expression): ts.CallExpression | undefined {
    const value = unwrapExpression(node);
    return ts.isCallExpression(value) && /^legacy/.test(ts.isIdentifier(value.expression) ? value.expression.text : "") && this.isGenerated(value)
      ? value
      : undefined;
  }

  private readLegacy(builder: ts.CallExpression): { notes: string[]; steps: LegacyStep[] | null; message?: string; said: SaidBeside } | { reason: string } {
    const said: SaidBeside = { nodes: [] };
    const legacy = builder.arguments[1];
    if (!legacy) return { notes: [], steps: null, said };
    const object = unwrapExpression(legacy);
    if (!ts.isObjectLiteralExpression(object)) return { reason: "with legacy parts that are not written out" };
    const notes: string[] = [];
    let steps: LegacyStep[] | null = null;
    let message: string | undefined;
    for (const property of object.properties) {
      const key = ts.isPropertyAssignment(property) ? propertyNameText(property.name) : undefined;
      if (!key || !ts.isPropertyAssignment(property)) return { reason: "with legacy parts it cannot read" };
      if (key === "message") message = text(property.initializer);
      // What a legacy error envelope said beside its message (legacy-error-fields.ts), in every protocol's error builder.
      else if (key === "code") said.code = text(property.initializer);
      else if (key === "recovery") {
        said.recovery = text(property.initializer);
        said.nodes.push(property.initializer);
      } else if (TEXT_KEYS.has(key)) notes.push(text(property.initializer));
      else if (STEP_KEYS.has(key)) {
        const read = readSteps(property.initializer);
        if (read === null) return { reason: `with ${key} it cannot read` };
        steps = read;
      } else return { reason: `with ${key} given by hand` };
    }
    if (said.code !== undefined || said.recovery !== undefined) {
      // On the Guidance Pattern: the code is the state, the recovery the next action.
      said.guidance = {
        ...(said.code === undefined ? {} : { current_state: said.code }),
        ...(said.recovery === undefined ? {} : { next_action: said.recovery }),
      };
    }
    return message === undefined ? { notes, steps, said } : { notes, steps, message, said };
  }
}

/**
 * The second argument of a Guidance Pattern error call, `{ current_state, next_action, ... }`, read
 * back as what the legacy error said: the state is its code, the blocked reason, next action and
 * available actions its recovery. Warnings and a context have no place in the other protocols'
 * errors, so a call with them is left for the user.
 */
function readGuidanceParts(node: ts.Expression): SaidBeside | { reason: string } {
  const object = unwrapExpression(node);
  if (!ts.isObjectLiteralExpression(object)) return { reason: "with error guidance that is not written out" };
  const said: SaidBeside = { nodes: [] };
  const found = new Map<string, ts.Expression>();
  for (const property of object.properties) {
    const key = ts.isPropertyAssignment(property) ? propertyNameText(property.name) : undefined;
    if (!key || !ts.isPropertyAssignment(property)) return { reason: "with error guidance it cannot read" };
    if (!["current_state", "blocked_reason", "next_action", "available_actions"].includes(key)) return { reason: `with ${key} in its error guidance` };
    found.set(key, property.initializer);
  }
  const state = found.get("current_state");
  if (state) said.code = text(state);
  // In the order legacy-error-fields.ts joins them: blocked reason, next action, available actions.
  const recovery = ["blocked_reason", "next_action"].flatMap((key) => found.get(key) ?? []);
  const actions = found.get("available_actions");
  const parts = recovery.map((expression) => ({ text: text(expression), literal: literalText(expression) }));
  const array = actions ? unwrapExpression(actions) : undefined;
  if (array && ts.isArrayLiteralExpression(array)) {
    // A bare tool name is a step the error named (formatter-calls.ts), found again as one, not recovery text.
    for (const element of array.elements)
      if (!/^[A-Za-z0-9_./-]+$/.test(literalText(element) ?? "")) parts.push({ text: text(element), literal: literalText(element) });
  } else if (actions) parts.push({ text: `${text(actions)}.join("; ")`, literal: undefined });
  if (parts.length > 0) {
    said.recovery = parts.every((part) => part.literal !== undefined)
      ? JSON.stringify(parts.map((part) => part.literal).join("; "))
      : parts.length === 1
        ? parts[0]!.text
        : `[${parts.map((part) => part.text).join(", ")}].join("; ")`;
  }
  said.nodes.push(...recovery, ...(actions ? [actions] : []));
  return said;
}

function text(node: ts.Node): string {
  return node.getText(node.getSourceFile());
}

/** `aorp.step("t", { p })`, `nextStep("t", { p })` or `{ tool: "t", arguments: { p } }`, each back to a step. */
function readSteps(node: ts.Expression): LegacyStep[] | null {
  const array = unwrapExpression(node);
  if (!ts.isArrayLiteralExpression(array)) return null;
  const steps: LegacyStep[] = [];
  for (const element of array.elements) {
    const value = unwrapExpression(element as ts.Expression);
    let tool: string | undefined;
    let params: ts.Node | undefined;
    if (ts.isCallExpression(value)) {
      tool = literalText(value.arguments[0]);
      params = value.arguments[1];
    } else if (ts.isObjectLiteralExpression(value)) {
      tool = literalText(getPropertyValue(value, "tool"));
      params = getPropertyValue(value, "arguments");
    }
    if (tool === undefined) return null;
    const entries: [string, string][] = [];
    if (params !== undefined) {
      if (!ts.isObjectLiteralExpression(params)) return null;
      for (const property of params.properties) {
        if (ts.isShorthandPropertyAssignment(property)) entries.push([property.name.text, property.name.text]);
        else if (ts.isPropertyAssignment(property) && propertyNameText(property.name) !== undefined)
          entries.push([propertyNameText(property.name)!, text(property.initializer)]);
        else return null;
      }
    }
    steps.push({ tool, params: entries });
  }
  return steps;
}

/** The notes the Guidance Pattern's call kept as comments after its payload. */
function noteComments(payload: ts.Expression): string[] {
  const source = payload.getSourceFile().text;
  return (ts.getTrailingCommentRanges(source, payload.getEnd()) ?? []).flatMap((range) => {
    const match = NOTE_COMMENT.exec(source.slice(range.pos, range.end));
    return match ? [match[1]!.replace(/\* \//g, "*/")] : [];
  });
}
