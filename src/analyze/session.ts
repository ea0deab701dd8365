import { dirname, relative } from "node:path";
import type { Project } from "ts-morph";
import type { ts } from "../compiler.cjs";
import type { AnalysisChecker, AnalysisProgram, EngineProject } from "./engine/engine.js";
import { Ts6Project } from "./engine/ts6.js";
import { withSpreadOrder } from "./engine/ts6-spread-order.js";
import { toPosixPath } from "./paths.js";

/**
 * What the analysis shares across every file and tool: one Program and one checker. The analyser
 * walks raw compiler nodes; a ts-morph Project is present only for runs that edit source (migrate),
 * and then the Program is that Project's own, so nothing is ever parsed twice.
 */
export class AnalysisSession {
  readonly checker: AnalysisChecker;
  readonly program: AnalysisProgram;
  /** The tsconfig's folder: inventory paths are relative to it. */
  readonly rootDir: string;
  /** The project through the engine interface (src/analyze/engine/), whichever compiler runs it. */
  readonly engine: EngineProject;
  /** TypeScript 6's own Program, for what only it does (watch's incremental rebuild, migrate's edits); undefined on TypeScript 7. */
  readonly compilerProgram: ts.Program | undefined;

  constructor(
    program: ts.Program,
    readonly tsconfigPath: string,
    readonly project: Project | null = null,
  ) {
    this.program = program;
    this.compilerProgram = program;
    this.checker = withSpreadOrder(program.getTypeChecker(), program);
    this.rootDir = dirname(tsconfigPath);
    this.engine = new Ts6Project(program, tsconfigPath);
  }

  /** A session on an engine's project that is not TypeScript 6's (the TypeScript 7 engine). */
  static onEngine(engine: EngineProject & { readonly analysisProgram: AnalysisProgram; readonly analysisChecker: AnalysisChecker }): AnalysisSession {
    const session = Object.create(AnalysisSession.prototype) as { -readonly [K in keyof AnalysisSession]: AnalysisSession[K] };
    session.program = engine.analysisProgram;
    session.checker = engine.analysisChecker;
    session.compilerProgram = undefined;
    session.tsconfigPath = engine.tsconfigPath;
    session.project = null;
    session.rootDir = engine.rootDir;
    session.engine = engine;
    return session as AnalysisSession;
  }

  static fromProject(project: Project, tsconfigPath: string): AnalysisSession {
    return new AnalysisSession(project.getProgram().compilerObject, tsconfigPath, project);
  }

  /** TypeScript 6's Program, for the stages only it serves; a clear error on the TypeScript 7 engine. */
  requireCompilerProgram(purpose: string): ts.Program {
    if (!this.compilerProgram) throw new Error(`${purpose} needs the TypeScript 6 engine (--engine ts6)`);
    return this.compilerProgram;
  }

  /** Ends the session: the TypeScript 7 engine stops its compiler process. */
  close(): void {
    this.engine.close();
  }

  /**
   * The project's own sources: not declaration files, not dependencies, and not our generated
   * output (it registers no tool; TypeScript 7 then need not fetch it). The output is in
   * `engine.sourceFiles()`, flagged `generated`.
   */
  userSourceFiles(): ts.SourceFile[] {
    return this.engine.sourceFiles().flatMap((file) => (file.generated ? [] : [file.node]));
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
