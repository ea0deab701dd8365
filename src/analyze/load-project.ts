import { dirname, relative } from "node:path";
import type { Project, ts } from "../compiler.cjs";
import { tsMorph, typescript6 } from "../typescript6.js";
import { InputError } from "../errors.js";
import { createAnalysisCompilerHost, type SourceFileCache } from "./compiler-host.js";
import { shareDeclarations } from "./editable-declarations.js";
import { toPosixPath } from "./paths.js";
import { projectTypeScriptMajor, withProjectDefaults } from "./typescript-defaults.js";

function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return toPosixPath(rel.startsWith("..") ? file : rel);
}

function locate(diagnostic: ts.Diagnostic, cwd: string, fallbackFile: string): { file: string; line?: number } {
  const file = diagnostic.file;
  if (!file) return { file: displayPath(fallbackFile, cwd) };
  const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  return { file: displayPath(file.fileName, cwd), line: line + 1 };
}

/**
 * Read and validate the tsconfig ourselves before handing it to ts-morph: ts-morph throws plain
 * Errors for a broken config, and we owe the user file:line instead.
 */
function preflightTsconfig(tsconfigPath: string, cwd: string): ts.ParsedCommandLine {
  const read = typescript6().readConfigFile(tsconfigPath, typescript6().sys.readFile);
  if (read.error) {
    throw new InputError(
      `tsconfig does not parse: ${typescript6().flattenDiagnosticMessageText(read.error.messageText, "\n")}`,
      locate(read.error, cwd, tsconfigPath),
    );
  }
  const parsed = typescript6().parseJsonConfigFileContent(read.config, typescript6().sys, dirname(tsconfigPath), undefined, tsconfigPath);
  // TS18003 "No inputs were found" is not fatal for us: it is simply a project with no tools.
  const fatal = parsed.errors.filter((d) => d.code !== 18003);
  const first = fatal[0];
  const extendsLine = lineOfExtends(tsconfigPath);
  // "Cannot read file" (5083) and "File not found" (6053) come without a position: they are the `extends`.
  if (first && !first.file && (first.code === 5083 || first.code === 6053) && extendsLine !== undefined) {
    throw new InputError(
      `invalid tsconfig: "extends" names a file that cannot be read (${typescript6().flattenDiagnosticMessageText(first.messageText, "\n")})`,
      {
        file: displayPath(tsconfigPath, cwd),
        line: extendsLine,
      },
    );
  }
  if (first) {
    throw new InputError(`invalid tsconfig: ${typescript6().flattenDiagnosticMessageText(first.messageText, "\n")}`, locate(first, cwd, tsconfigPath));
  }
  return parsed;
}

/**
 * The same reading for an engine that opens the tsconfig itself (TypeScript 7's API says what is
 * wrong, but not on which line): a broken config is reported alike whichever engine analyses.
 */
export function assertTsconfigReadable(tsconfigPath: string, cwd: string): void {
  preflightTsconfig(tsconfigPath, cwd);
}

/**
 * `open()` by an engine that reads the tsconfig itself. Only when it fails is the tsconfig read
 * here too, for an error that names the line: reading it costs loading TypeScript 6 (about 0.2 s),
 * which a run on TypeScript 7 otherwise never does.
 */
export function openLocatingTsconfigErrors<T>(tsconfigPath: string, cwd: string, open: () => T): T {
  try {
    return open();
  } catch (error) {
    assertTsconfigReadable(tsconfigPath, cwd);
    throw error;
  }
}

function lineOfExtends(tsconfigPath: string): number | undefined {
  const lines = typescript6().sys.readFile(tsconfigPath)?.split(/\r?\n/) ?? [];
  const index = lines.findIndex((line) => /"extends"\s*:/.test(line));
  return index === -1 ? undefined : index + 1;
}

/**
 * The one Program of a run, for the commands that only read source (analyze, generate, check,
 * graph). It is built with ts-morph's own TypeScript, so one compiler is loaded, but without a
 * ts-morph Project: wrapping every file costs about 0.7 s on 1,000 tools (`npm run bench`), and
 * nothing that only reads needs the wrappers. `oldProgram` lets watch mode re-parse only what changed.
 * `extraRoots` are files the Program must hold though the tsconfig's `include`/`files` may not name
 * them (check reads the generated output through the same Program).
 */
export function loadProgram(
  tsconfigPath: string,
  cwd: string,
  oldProgram?: ts.Program,
  sourceFileCache?: SourceFileCache,
  extraRoots?: readonly string[],
): ts.Program {
  const parsed = preflightTsconfig(tsconfigPath, cwd);
  const options = withProjectDefaults(parsed.options, projectTypeScriptMajor(tsconfigPath));
  return typescript6().createProgram({
    rootNames: [...parsed.fileNames, ...(extraRoots ?? []).filter((file) => !parsed.fileNames.includes(file))],
    options,
    host: createAnalysisCompilerHost(options, sourceFileCache),
    ...(parsed.projectReferences ? { projectReferences: parsed.projectReferences } : {}),
    ...(oldProgram ? { oldProgram } : {}),
  });
}

/**
 * The next Program of a watch when no tsconfig or package file changed and no file came or went:
 * the last one's root files, options and references, without reading the tsconfig again (which
 * walks every included folder: 6 ms of a 1,000-tool cycle).
 */
export function nextProgram(oldProgram: ts.Program, sourceFileCache: SourceFileCache): ts.Program {
  const options = oldProgram.getCompilerOptions();
  const projectReferences = oldProgram.getProjectReferences();
  return typescript6().createProgram({
    rootNames: oldProgram.getRootFileNames(),
    options,
    host: createAnalysisCompilerHost(options, sourceFileCache),
    ...(projectReferences ? { projectReferences } : {}),
    oldProgram,
  });
}

/** The one ts-morph Project of a run that edits the user's source (migrate). */
export function loadProject(tsconfigPath: string, cwd: string): Project {
  const parsed = preflightTsconfig(tsconfigPath, cwd);
  const options = withProjectDefaults(parsed.options, projectTypeScriptMajor(tsconfigPath));
  const { Project } = tsMorph();
  // Created empty, so its registry shares declaration files before it reads any; then filled as
  // ts-morph's constructor fills it from a tsconfig.
  const project = new Project({
    tsConfigFilePath: tsconfigPath,
    skipAddingFilesFromTsConfig: true,
    ...(options === parsed.options ? {} : { compilerOptions: { types: options.types, strict: options.strict } as ts.CompilerOptions }),
  });
  shareDeclarations(project);
  project.addSourceFilesFromTsConfig(tsconfigPath);
  project.resolveSourceFileDependencies();
  return project;
}
