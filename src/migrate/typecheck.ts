import { relative } from "node:path";
import { ts } from "../compiler.cjs";
import { toPosixPath } from "../analyze/paths.js";

export interface TypeError {
  file: string;
  line: number;
  code: number;
  message: string;
}

/** The program's type errors (syntactic, semantic, options), located relative to `root`. */
export function typeErrors(program: ts.Program, root: string): TypeError[] {
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      if (!diagnostic.file || diagnostic.start === undefined) return { file: "", line: 0, code: diagnostic.code, message };
      const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
      return { file: toPosixPath(relative(root, diagnostic.file.fileName)), line, code: diagnostic.code, message };
    });
}

/**
 * Errors in `after` that `before` did not have. Lines move when code is rewritten, so an error is
 * matched by file, code and message, as a multiset: a second identical error is new.
 */
export function newTypeErrors(before: readonly TypeError[], after: readonly TypeError[]): TypeError[] {
  const key = (error: TypeError): string => `${error.file}\0${error.code}\0${error.message}`;
  const remaining = new Map<string, number>();
  for (const error of before) remaining.set(key(error), (remaining.get(key(error)) ?? 0) + 1);
  return after.filter((error) => {
    const left = remaining.get(key(error)) ?? 0;
    if (left === 0) return true;
    remaining.set(key(error), left - 1);
    return false;
  });
}

export function formatTypeError(error: TypeError): string {
  return `${error.file}:${error.line}: TS${error.code}: ${error.message}`;
}
