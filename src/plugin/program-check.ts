import type { ts } from "../compiler.cjs";
import { analyzeSession } from "../analyze/analyze.js";
import { toPosixPath } from "../analyze/paths.js";
import { AnalysisSession } from "../analyze/session.js";
import { checkProject } from "../check/check.js";
import type { CheckProblem, CheckResult } from "../check/result.js";
import { assertGeneratable } from "../generate/generatable.js";
import { problemsByFile, toDiagnostic } from "./diagnostics.js";
import type { PluginConfigLoader } from "./settings.js";

interface Checked {
  program: ts.Program;
  result: CheckResult | undefined;
  problems: Map<string, CheckProblem[]>;
  /** Diagnostics already built, per file: repeated requests return the same array. */
  diagnostics: Map<string, ts.Diagnostic[]>;
}

/**
 * `check` on the language service's own Program: the analysis and the conformance questions go to
 * that Program's checker, so nothing is parsed or bound a second time. One result is kept, for the
 * last Program seen; tsserver hands out the same Program object until a file changes, so asking
 * for every open file's diagnostics analyses the project once.
 */
export class ProgramCheck {
  private last: Checked | undefined;

  /** `report` hears why a Program cannot be checked, once per Program. */
  constructor(
    private readonly tsconfigPath: string,
    private readonly config: PluginConfigLoader,
    private readonly report: (error: unknown) => void,
  ) {}

  /** The problems of one file, as diagnostics; none when the Program cannot be checked. */
  diagnosticsFor(program: ts.Program, fileName: string): ts.Diagnostic[] {
    const checked = this.checked(program);
    const key = toPosixPath(fileName);
    const known = checked.diagnostics.get(key);
    if (known) return known;
    const sourceFile = program.getSourceFile(fileName);
    const problems = checked.problems.get(key) ?? [];
    const diagnostics = sourceFile ? problems.map((problem) => toDiagnostic(problem, sourceFile)) : [];
    checked.diagnostics.set(key, diagnostics);
    return diagnostics;
  }

  private checked(program: ts.Program): Checked {
    if (this.last?.program === program) return this.last;
    try {
      const { generate, minCoverage, rules } = this.config.load();
      const session = new AnalysisSession(program, this.tsconfigPath);
      const inventory = analyzeSession(session, session.rootDir);
      assertGeneratable(inventory, "check");
      const result = checkProject(session, inventory, { config: generate, minCoverage, rules });
      this.last = { program, result, problems: problemsByFile(result, session.rootDir), diagnostics: new Map() };
    } catch (error) {
      // A failure is kept like a result: the other files of this Program must not analyse again.
      this.last = { program, result: undefined, problems: new Map(), diagnostics: new Map() };
      this.report(error);
    }
    return this.last;
  }
}
