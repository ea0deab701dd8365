import { dirname, relative } from "node:path";
import { type Project, ts } from "ts-morph";
import type { EngineProject } from "./engine/engine.js";
import { Ts6Project } from "./engine/ts6.js";
import { toPosixPath } from "./paths.js";

/**
 * What the analysis shares across every file and tool: one Program and one checker. The analyser
 * walks raw compiler nodes; a ts-morph Project is present only for runs that edit source (migrate),
 * and then the Program is that Project's own, so nothing is ever parsed twice.
 */
export class AnalysisSession {
  readonly checker: ts.TypeChecker;
  /** The tsconfig's folder: inventory paths are relative to it. */
  readonly rootDir: string;
  /**
   * The same Program through the engine interface (src/analyze/engine/): what the analysis has
   * moved onto it reads it from here, the rest still reads `program` and `checker`.
   */
  readonly engine: EngineProject;

  constructor(
    readonly program: ts.Program,
    readonly tsconfigPath: string,
    readonly project: Project | null = null,
  ) {
    this.checker = program.getTypeChecker();
    this.rootDir = dirname(tsconfigPath);
    this.engine = new Ts6Project(program, tsconfigPath);
  }

  static fromProject(project: Project, tsconfigPath: string): AnalysisSession {
    return new AnalysisSession(project.getProgram().compilerObject, tsconfigPath, project);
  }

  /** The project's own sources: not declaration files, not dependencies. */
  userSourceFiles(): ts.SourceFile[] {
    return this.engine.sourceFiles().map((file) => file.node);
  }

  relativePath(fileName: string): string {
    return toPosixPath(relative(this.rootDir, fileName));
  }

  /** 1-based line of a node's first token. */
  lineOf(node: ts.Node): number {
    const sf = node.getSourceFile();
    return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  }

  where(node: ts.Node): { file: string; line: number } {
    return { file: this.relativePath(node.getSourceFile().fileName), line: this.lineOf(node) };
  }
}
