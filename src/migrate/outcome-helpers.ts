import { ts } from "../compiler.cjs";
import type { ToolEntry } from "../analyze/inventory.js";
import type { ExitRewrite, OutcomeHelper } from "./exit-rewrites.js";
import { CannotRewrite, type CallContext, freeName } from "./formatter-call-parts.js";
import { errorCall, successCall } from "./formatter-calls.js";
import type { LegacySteps } from "./legacy-steps.js";
import { constThenReturn, type TextEdit } from "./text-edits.js";
import { isAsyncFunction, withoutDeclaredReturnType } from "./wrap.js";

type OutcomeExit = Extract<ExitRewrite, { kind: "outcome" }>;

/**
 * `rewrite-helper`: the helper (only ever returned) returns `{ ok, payload }` or `{ ok, message }`.
 * `read-result`: the helper stays as it is, and the handler reads its result (`isError`, and the
 * text it sends through the kit's `legacyResultText`).
 */
export type OutcomeMode = "rewrite-helper" | "read-result";

export interface OutcomeRewrite {
  /** The handler's `return helper(...)`, as a const holding the outcome and the return that formats it. */
  edit: TextEdit & { fileName: string };
  /** What the two formatter calls use from the generated kit. */
  kit: string[];
}

/**
 * `return handleCliOutput(output);` becomes `const outcome = handleCliOutput(output);` and
 * `return outcome.ok ? formatX(outcome.payload, ...) : formatXError(... outcome.message ...);`:
 * the success and the error each reach the model through their own formatter.
 */
export function outcomeRewrite(exit: OutcomeExit, mode: OutcomeMode, context: CallContext, tool: ToolEntry, steps: LegacySteps): OutcomeRewrite {
  const statement = exit.exit.node;
  if (exit.exit.branch || !ts.isReturnStatement(statement)) {
    throw new CannotRewrite("returns a helper's result where no const can be declared before it: return it from a statement of its own", statement);
  }
  const name = freeName(statement, mode === "rewrite-helper" ? ["outcome", "helperOutcome"] : ["result", "response", "helperResult"]);
  if (!name) throw new CannotRewrite("every name for the helper's result is taken in the handler", statement);
  const payload = mode === "rewrite-helper" ? `${name}.payload` : `legacyResultText(${name})`;
  const message = mode === "rewrite-helper" ? `${name}.message` : `legacyResultText(${name})`;
  const success = successCall(
    { payload, payloadNode: exit.call, payloadType: exit.outcome.payloadType, notes: [], steps: steps.of(tool, [], exit.call) },
    context,
  );
  const failure = errorCall({ message, messageNode: exit.call, steps: [] }, context);
  if (success.bind || failure.bind) throw new CannotRewrite("a helper's outcome whose formatter call needs a const of its own: format it by hand", statement);
  // An async helper's result is awaited first, in a handler that can await it.
  const settles = isAsyncFunction(exit.outcome.helper);
  const handler = ts.findAncestor(statement, ts.isFunctionLike);
  if (settles && !(handler && isAsyncFunction(handler)))
    throw new CannotRewrite("returns an async helper's result from a function that is not async: return it from an async handler", statement);
  const choice = mode === "rewrite-helper" ? `${name}.ok ? ${success.text} : ${failure.text}` : `${name}.isError ? ${failure.text} : ${success.text}`;
  const kit = [...success.kit, ...failure.kit, ...(mode === "read-result" ? ["legacyResultText"] : [])];
  return { edit: constThenReturn(statement, name, `${settles ? "await " : ""}${exit.call.getText()}`, choice), kit };
}

/** The helper returns its outcomes instead of CallToolResults, its declared return type left to inference. */
export function insideOutcomeEdits(outcome: OutcomeHelper): (TextEdit & { fileName: string })[] {
  const file = outcome.helper.getSourceFile();
  const fileName = file.fileName;
  const edits = outcome.exits.map(({ expression, outcome: text }) => ({ fileName, start: expression.getStart(file), end: expression.getEnd(), text }));
  return [...edits, ...withoutDeclaredReturnType(outcome.helper)];
}
