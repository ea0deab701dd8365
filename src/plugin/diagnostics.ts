import { resolve } from "node:path";
import type { ts } from "../compiler.cjs";
import { toPosixPath } from "../analyze/paths.js";
import type { CheckProblem, CheckResult } from "../check/result.js";

/** Shown as the diagnostic's source: editors print `mcp-conform(101)`. */
export const DIAGNOSTIC_SOURCE = "mcp-conform";

/**
 * MCPC101 is diagnostic code 101: TypeScript's own codes start at 1000, so 100-199 cannot be taken
 * for one of its diagnostics, and with the source "mcp-conform" the README's table is one step away.
 */
export function diagnosticCode(code: string): number {
  const match = /^MCPC(\d+)$/.exec(code);
  if (!match) throw new Error(`internal: not a check code: ${code}`);
  return Number(match[1]);
}

/**
 * Errors for what is wrong for the model at run time (a response outside the protocol, a throw, a
 * handler tsc does not hold to the protocol, a step naming no tool, a result re-serialised by its
 * dispatcher, a call written for another protocol's output); warnings for what is missing or unknown
 * (guidance, placeholders still to fill, structured warnings, paths that cannot be judged). `check`
 * fails on both. A rule the config's `rules` sets to `warn` is a warning here too.
 */
const ERROR_CODES = new Set(["MCPC101", "MCPC102", "MCPC103", "MCPC110", "MCPC111", "MCPC113", "MCPC114"]);

export function diagnosticCategory(code: string): ts.DiagnosticCategory {
  // ts.DiagnosticCategory.Error = 1, Warning = 0: const values, the same in every TypeScript.
  return (ERROR_CODES.has(code) ? 1 : 0) as ts.DiagnosticCategory;
}

/** Every problem of a check, keyed by the absolute file it is in (`/` separators). */
export function problemsByFile(result: CheckResult, rootDir: string): Map<string, CheckProblem[]> {
  const byFile = new Map<string, CheckProblem[]>();
  for (const tool of result.tools) {
    for (const problem of tool.problems) {
      const file = toPosixPath(resolve(rootDir, problem.file));
      const list = byFile.get(file) ?? [];
      list.push(problem);
      byFile.set(file, list);
    }
  }
  return byFile;
}

/** A problem as a diagnostic on its line: from the first non-blank character to the line's end. */
export function toDiagnostic(problem: CheckProblem, sourceFile: ts.SourceFile): ts.Diagnostic {
  const lineStarts = sourceFile.getLineStarts();
  const line = Math.min(Math.max(problem.line, 1), lineStarts.length) - 1;
  const text = sourceFile.text;
  let start = lineStarts[line]!;
  let end = line + 1 < lineStarts.length ? lineStarts[line + 1]! : text.length;
  while (end > start && (text[end - 1] === "\n" || text[end - 1] === "\r")) end--;
  while (start < end && (text[start] === " " || text[start] === "\t")) start++;
  return {
    file: sourceFile,
    start,
    length: end - start,
    messageText: problem.message,
    category: problem.severity === "warning" ? (0 as ts.DiagnosticCategory) : diagnosticCategory(problem.code),
    code: diagnosticCode(problem.code),
    source: DIAGNOSTIC_SOURCE,
  };
}
