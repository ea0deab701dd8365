import { existsSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import type { AnalysisSession } from "./session.js";

/**
 * Whether the project's own code imports a generated module that does not exist yet (`conform.js`,
 * a formatter, `warnings.js`): a fresh clone whose output is git-ignored, or the first run after
 * `migrate`. Such a run analyses handlers whose `conform(...)` does not resolve, so their
 * parameters lose the registration's contextual types and payloads that depend on them read
 * `any`; `generate` then runs a second pass over the output it just wrote.
 */
export function importsMissingOutput(session: AnalysisSession, outputDir: string): boolean {
  const { engine } = session;
  const { syntax } = engine;
  const root = resolve(outputDir) + sep;
  for (const file of engine.sourceFiles()) {
    if (resolve(file.fileName).startsWith(root)) continue;
    for (const statement of file.node.statements) {
      if (!syntax.is(statement, "ImportDeclaration") || !syntax.is(statement.moduleSpecifier, "StringLiteral")) continue;
      const specifier = statement.moduleSpecifier.text;
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file.fileName), specifier);
      if (!target.startsWith(root)) continue;
      const source = target.replace(/\.(m|c)?js$/, (_match, kind: string | undefined) => `.${kind ?? ""}ts`);
      if (!existsSync(source) && !existsSync(target)) return true;
    }
  }
  return false;
}
