import { isInputRequiredResult } from "../analyze/resolve/exits.js";
import type { ExitPoint } from "../analyze/resolve/return-paths.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * A handler's `return inputRequired(...)` (SDK 2.x): a request to the client for more input, after
 * which it calls the tool again. It is no answer for the model, so there is nothing to format: the
 * generated `conform()` lets it through as it is (conform.ts's `HandlerResult`), and it stays.
 * Told by its type (`resultType: "input_required"`), however it is built.
 */
export function asksForInput(exit: ExitPoint, checker: AnalysisChecker): boolean {
  if (exit.isThrow || !exit.expression) return false;
  const type = checker.getTypeAtLocation(exit.expression);
  return isInputRequiredResult(checker.getAwaitedType(type) ?? type, checker, exit.expression);
}
