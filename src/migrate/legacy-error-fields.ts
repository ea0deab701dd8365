import { ts } from "../compiler.cjs";
import { getPropertyValue, unwrapExpression } from "../analyze/syntax.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * What a legacy error envelope said besides its message, carried into the protocol's error
 * envelope (issue #12, point 6):
 *   { success: false, error: "NO_DIVIDEND_DATA", message, suggestion: "Use calculate_dcf instead" }
 *   { success: false, error, guidance: { current_state, next_action, available_actions, blocked_reason } }
 * - its code: `code` / `error_code`, else the state it names (`guidance.current_state`), else an
 *   `error` written as a code (`NO_DIVIDEND_DATA`) beside a `message`; it goes to the protocol's
 *   error code field;
 * - what to do about it: the reason it is blocked, the next action or suggestion, the available
 *   actions, in that order, as the recovery text; the tools they name become typed next steps
 *   (`nodes`, where the analyser recorded the mentions);
 * - on the Guidance Pattern, which has a field for each, every part in its own (`GuidanceParts`).
 * Each part is source text: a literal's own expression, or a read of the const that holds the
 * envelope (`blocked.guidance.blocked_reason`), so nothing runs twice.
 */
export interface SaidBeside {
  code?: string;
  recovery?: string;
  /** The expressions the recovery came from, for the tools they name. */
  nodes: ts.Node[];
  /** The same parts in the Guidance Pattern's own fields, which have room for each of them apart. */
  guidance?: GuidanceParts;
}

/**
 * What a legacy error said, as the Guidance Pattern's fields (source text each) for the second
 * argument of its error formatter: the code is the state the call ended in (a code written as a
 * constant, `NO_DIVIDEND_DATA`, in the pattern's spelling of states, `no_dividend_data`), the next
 * action or suggestion the next action, and the blocked reason, available actions, warnings and
 * context of a legacy `guidance` object as they are.
 */
export interface GuidanceParts {
  current_state?: string;
  next_action?: string;
  /** An array expression. */
  available_actions?: string;
  /** An array expression. */
  warnings?: string;
  blocked_reason?: string;
  /** An object expression. */
  context?: string;
}

const CODE_KEYS = ["code", "error_code", "errorCode"];
const RECOVERY_KEYS = ["suggestion", "next_action", "nextAction", "recovery", "hint"];
const LOOKS_LIKE_A_CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

function isText(node: ts.Node | undefined, checker: AnalysisChecker): node is ts.Expression {
  if (!node || !ts.isExpression(node)) return false;
  const value = unwrapExpression(node);
  if (value.kind === ts.SyntaxKind.NullKeyword) return false;
  return (checker.getTypeAtLocation(value).flags & ts.TypeFlags.StringLike) !== 0;
}

/** `(literal, path)`: where a field is read from, and how to read it again in the handler. */
interface Place {
  literal: ts.ObjectLiteralExpression;
  /** The const's name and the keys down to `literal` (`blocked.guidance`), or null when written inline. */
  path: string | null;
}

function field(place: Place, key: string, checker: AnalysisChecker): { text: string; node: ts.Expression } | undefined {
  const value = getPropertyValue(place.literal, key);
  if (!isText(value, checker)) return undefined;
  return { text: place.path === null ? value.getText(value.getSourceFile()) : `${place.path}.${key}`, node: value };
}

function nested(place: Place, key: string): Place | undefined {
  const value = getPropertyValue(place.literal, key);
  const inner = value && ts.isExpression(value) ? unwrapExpression(value) : undefined;
  return inner && ts.isObjectLiteralExpression(inner) ? { literal: inner, path: place.path === null ? null : `${place.path}.${key}` } : undefined;
}

/** A field whose value is an array of strings (`warnings: null` is not one), read as `field` reads text. */
function stringArray(place: Place, key: string, checker: AnalysisChecker): string | undefined {
  const value = getPropertyValue(place.literal, key);
  if (!value || !ts.isExpression(value)) return undefined;
  const type = checker.getTypeAtLocation(unwrapExpression(value));
  if (!checker.isArrayType(type) && !checker.isTupleType(type)) return undefined;
  const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
  if (!element || (element.flags & ts.TypeFlags.StringLike) === 0) return undefined;
  return place.path === null ? value.getText(value.getSourceFile()) : `${place.path}.${key}`;
}

/** A field whose value is an object literal (a guidance `context`). */
function objectField(place: Place, key: string): string | undefined {
  const inner = nested(place, key);
  if (!inner) return undefined;
  return inner.path ?? inner.literal.getText(inner.literal.getSourceFile());
}

/** Arrays as one: itself, or spread into one literal. */
function concatenated(arrays: readonly string[]): string | undefined {
  return arrays.length <= 1 ? arrays[0] : `[${arrays.map((array) => `...${array}`).join(", ")}]`;
}

/** One recovery text: a literal when every part is one, else their values joined at run time. */
function joined(parts: readonly { text: string; node: ts.Node }[]): string {
  if (parts.every((part) => ts.isStringLiteralLike(part.node))) return JSON.stringify(parts.map((part) => (part.node as ts.StringLiteralLike).text).join("; "));
  return parts.length === 1 ? parts[0]!.text : `[${parts.map((part) => part.text).join(", ")}].join("; ")`;
}

/**
 * The envelope `literal` (held in the const `holder` when it is one), less the key its message came
 * from: what else it said.
 */
export function saidBeside(literal: ts.ObjectLiteralExpression, holder: string | null, messageKey: string, checker: AnalysisChecker): SaidBeside | null {
  const top: Place = { literal, path: holder };
  const guidance = nested(top, "guidance");
  const places = guidance ? [top, guidance] : [top];
  let code: { text: string; node: ts.Expression } | undefined;
  for (const place of places) for (const key of CODE_KEYS) code ??= field(place, key, checker);
  if (guidance) code ??= field(guidance, "current_state", checker);
  code ??= field(top, "current_state", checker);
  const error = messageKey === "message" ? field(top, "error", checker) : undefined;
  if (!code && error && ts.isStringLiteralLike(error.node) && LOOKS_LIKE_A_CODE.test(error.node.text)) code = error;

  const blocked: { text: string; node: ts.Node }[] = [];
  for (const place of places) {
    const found = field(place, "blocked_reason", checker);
    if (found) blocked.push(found);
  }
  const next: { text: string; node: ts.Node }[] = [];
  for (const place of places) {
    for (const key of RECOVERY_KEYS) {
      const found = field(place, key, checker);
      if (found) next.push(found);
    }
  }
  const recovery = [...blocked, ...next];
  const guidanceParts: GuidanceParts = {};
  if (code)
    guidanceParts.current_state =
      ts.isStringLiteralLike(code.node) && LOOKS_LIKE_A_CODE.test(code.node.text) ? JSON.stringify(code.node.text.toLowerCase()) : code.text;
  if (next.length > 0) guidanceParts.next_action = joined(next);
  if (blocked.length > 0) guidanceParts.blocked_reason = joined(blocked);
  const actionLists = places.flatMap((place) => stringArray(place, "available_actions", checker) ?? []);
  if (actionLists.length > 0) guidanceParts.available_actions = concatenated(actionLists)!;
  const warningLists = places.flatMap((place) => stringArray(place, "warnings", checker) ?? []);
  if (warningLists.length > 0) guidanceParts.warnings = concatenated(warningLists)!;
  const context = guidance ? objectField(guidance, "context") : undefined;
  if (context !== undefined) guidanceParts.context = context;
  for (const place of places) {
    const actions = getPropertyValue(place.literal, "available_actions");
    const array = actions && ts.isExpression(actions) ? unwrapExpression(actions) : undefined;
    if (!array || !ts.isArrayLiteralExpression(array)) continue;
    array.elements.forEach((element, index) => {
      if (isText(element, checker))
        recovery.push({ text: place.path === null ? element.getText(element.getSourceFile()) : `${place.path}.available_actions[${index}]`, node: element });
    });
  }
  if (!code && recovery.length === 0 && Object.keys(guidanceParts).length === 0) return null;
  return {
    ...(code ? { code: code.text } : {}),
    ...(recovery.length > 0 ? { recovery: joined(recovery) } : {}),
    nodes: recovery.map((part) => part.node),
    ...(Object.keys(guidanceParts).length > 0 ? { guidance: guidanceParts } : {}),
  };
}
