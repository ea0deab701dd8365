import type { ts } from "../../compiler.cjs";
import type { Program, Project } from "typescript7/unstable/sync";

type SourceFile = NonNullable<ReturnType<Program["getSourceFile"]>>;
type Ts7Diagnostic = ReturnType<Program["getSyntacticDiagnostics"]>[number];
import type { AnalysisProgram } from "./engine.js";

/**
 * TypeScript 7's Program, answering the few questions the analysis asks of a Program
 * (`AnalysisProgram`) as TypeScript 6's does.
 */
export class Ts7AnalysisProgram implements AnalysisProgram {
  private allFiles: ts.SourceFile[] | undefined;
  private readonly files = new Map<string, ts.SourceFile | undefined>();
  private readonly defaultLibrary = new WeakMap<object, boolean>();
  private readonly externalLibrary = new WeakMap<object, boolean>();
  private syntaxErrors: Map<string, readonly Ts7Diagnostic[]> | undefined;

  constructor(
    private readonly project: Project,
    /** Whether a file is one of the project's own sources (engine/ts7.ts `sourceFiles`): no package's, so no round trip to say so. */
    private readonly isOwnSource: (fileName: string) => boolean = () => false,
  ) {}

  getCompilerOptions(): ts.CompilerOptions {
    // The option names and enum values the analysis reads (module, exactOptionalPropertyTypes, allowJs) are TypeScript 6's.
    return this.project.compilerOptions as unknown as ts.CompilerOptions;
  }

  getSourceFile(fileName: string): ts.SourceFile | undefined {
    if (!this.files.has(fileName)) {
      // A file the program does not hold (a guidance stub not written yet) costs no round trip.
      const file = this.holds(fileName) ? this.project.program.getSourceFile(fileName) : undefined;
      this.files.set(fileName, file ? withNodeFormat(this.project.program, file) : undefined);
    }
    return this.files.get(fileName);
  }

  private programPaths: Set<string> | undefined;
  /** Whether the program holds a file, by the path the compiler gives it. */
  private holds(fileName: string): boolean {
    const toPath = compilerPaths(this.project.program);
    this.programPaths ??= new Set(this.project.program.getSourceFileNames().map(toPath));
    return this.programPaths.has(toPath(fileName));
  }

  /** Every file, libraries included: each one is fetched from the compiler, so only asked for when needed. */
  getSourceFiles(): readonly ts.SourceFile[] {
    this.allFiles ??= this.project.program.getSourceFileNames().flatMap((name) => {
      const file = this.getSourceFile(name);
      return file ? [file] : [];
    });
    return this.allFiles;
  }

  isSourceFileDefaultLibrary(file: ts.SourceFile): boolean {
    // A default library is a declaration file: the project's own sources need no round trip.
    if (!file.isDeclarationFile) return false;
    return remember(this.defaultLibrary, file, () => this.project.program.isSourceFileDefaultLibrary(file as unknown as SourceFile));
  }

  isSourceFileFromExternalLibrary(file: ts.SourceFile): boolean {
    if (this.isOwnSource(file.fileName)) return false;
    return remember(this.externalLibrary, file, () => this.project.program.isSourceFileFromExternalLibrary(file as unknown as SourceFile));
  }

  getSyntacticDiagnostics(file?: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
    if (!file) return [];
    // One request for every file's, then answered per file (the analysis asks file by file).
    if (!this.syntaxErrors) {
      this.syntaxErrors = new Map();
      for (const diagnostic of this.project.program.getSyntacticDiagnostics()) {
        const name = diagnostic.fileName ?? "";
        this.syntaxErrors.set(name, [...(this.syntaxErrors.get(name) ?? []), diagnostic]);
      }
    }
    return (this.syntaxErrors.get(file.fileName) ?? []).map(
      (diagnostic) =>
        ({
          file,
          start: diagnostic.pos,
          length: diagnostic.end - diagnostic.pos,
          messageText: diagnostic.text,
          category: diagnostic.category as number,
          code: diagnostic.code,
        }) as ts.DiagnosticWithLocation,
    );
  }
}

/** Each answer is a round trip to the compiler: asked once per file. */
function remember(answers: WeakMap<object, boolean>, file: object, ask: () => boolean): boolean {
  let answer = answers.get(file);
  if (answer === undefined) {
    answer = ask();
    answers.set(file, answer);
  }
  return answer;
}

/** The latest program that handed out each file: a file unchanged across watch cycles is handed out again by the next snapshot's. */
const programOf = new WeakMap<object, Program>();

/**
 * A TypeScript 7 source file as the analysis reads it: TypeScript 6 keeps the module format a
 * file is read in (`impliedNodeFormat`) on the file; TypeScript 7 keeps it in the program's
 * metadata, so it is copied onto the file once.
 */
export function withNodeFormat(program: Program, file: SourceFile): ts.SourceFile {
  const seen = programOf.has(file);
  programOf.set(file, program);
  if (!seen) {
    // A getter: each file's metadata is a round trip, and few files are ever asked.
    let format: number | undefined | null = null;
    Object.defineProperty(file, "impliedNodeFormat", {
      get: () => (format === null ? (format = programOf.get(file)?.getSourceFileMetadata(file.fileName)?.impliedNodeFormat) : format),
      configurable: true,
    });
    // The API decodes the name from the file's buffer at every read, and the analysis reads it for
    // every node it remembers an answer about (memo.ts): read once, it never changes.
    Object.defineProperty(file, "fileName", { value: file.fileName, configurable: true });
  }
  return file as unknown as ts.SourceFile;
}

/**
 * A file's name as the compiler keys it (a node handle's `path`): `Program.toPath`, which the API
 * keeps on the program but does not declare (pinned in engine-ts7-api.test.ts).
 */
export function compilerPaths(program: Program): (fileName: string) => string {
  return (program as unknown as { toPath: (fileName: string) => string }).toPath.bind(program);
}
