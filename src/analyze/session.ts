import { dirname, relative } from "node:path";
import { type Project, ts } from "ts-morph";
import { toPosixPath } from "./paths.js";

/**
 * What the analysis shares across every file and tool: one Project, one Program, one checker.
 * The analyser walks raw compiler nodes (cheaper than ts-morph wrappers on large projects) and
 * keeps the ts-morph Project for the stages that manipulate source (migrate).
 */
export class AnalysisSession {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  /** The tsconfig's folder: inventory paths are relative to it. */
  readonly rootDir: string;

  constructor(
    readonly project: Project,
    readonly tsconfigPath: string,
  ) {
    this.program = project.getProgram().compilerObject;
    this.checker = this.program.getTypeChecker();
    this.rootDir = dirname(tsconfigPath);
  }

  /** The project's own sources: not declaration files, not dependencies. */
  userSourceFiles(): ts.SourceFile[] {
    return this.program
      .getSourceFiles()
      .filter((sf) => !sf.isDeclarationFile && !this.program.isSourceFileFromExternalLibrary(sf) && !/[\\/]node_modules[\\/]/.test(sf.fileName))
      .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
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
