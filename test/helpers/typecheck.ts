import { dirname } from "node:path";
import ts from "typescript";

/**
 * TypeScript 6 type-checking in the test process, with the output `tsc -p <project> --pretty false`
 * prints. Spawning tsc costs about a second before it reads the first project file (loading
 * tsc.js, then parsing and binding the lib files and the SDK's and zod's declarations); here every
 * file under `node_modules` and every lib file is parsed and bound once per test process, and each
 * program pays only for the project's own files and its checker. The real tsc still runs in a
 * smoke test per compiler (test/generate/compile.test.ts), so the two cannot drift apart unseen.
 */

export interface TypeCheckOutcome {
  /** 0 when no error was reported, else 2 (what tsc exits with when `noEmit` skipped nothing). */
  exitCode: number;
  /** tsc's `--pretty false` text: `file(line,col): error TSxxxx: message`, paths relative to `cwd`. */
  output: string;
}

/**
 * Parsed (and, once a checker has run, bound) declaration files, shared by every program of the
 * process. A file is bound under the options of the first program that used it, so the key holds
 * the options that reach parsing or binding; all our projects share one strict set, so in practice
 * each file is parsed once.
 */
const shared = new Map<string, ts.SourceFile>();

function isShared(fileName: string): boolean {
  return fileName.includes("/node_modules/") || fileName.startsWith(libFolder);
}

const libFolder = dirname(ts.getDefaultLibFilePath({}));

/** Options that change how a file is parsed or bound (strict mode, targets, JSX, module detection). */
function bindingKey(options: ts.CompilerOptions, languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  const {
    target,
    module,
    moduleResolution,
    moduleDetection,
    strict,
    alwaysStrict,
    jsx,
    allowUnreachableCode,
    allowUnusedLabels,
    preserveConstEnums,
    isolatedModules,
    verbatimModuleSyntax,
  } = options;
  return JSON.stringify([
    languageVersion,
    target,
    module,
    moduleResolution,
    moduleDetection,
    strict,
    alwaysStrict,
    jsx,
    allowUnreachableCode,
    allowUnusedLabels,
    preserveConstEnums,
    isolatedModules,
    verbatimModuleSyntax,
  ]);
}

function createHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!isShared(fileName)) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}\0${bindingKey(options, languageVersion)}`;
    let file = shared.get(key);
    if (file === undefined) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file !== undefined) shared.set(key, file);
    }
    return file;
  };
  return host;
}

function report(diagnostics: readonly ts.Diagnostic[], cwd: string): TypeCheckOutcome {
  const output = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => cwd,
    getNewLine: () => "\n",
  });
  return { exitCode: diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error) ? 2 : 0, output };
}

/** `tsc -p tsconfigPath --noEmit --pretty false`, run from `cwd` (default: the tsconfig's folder). */
export function typeCheckProject(tsconfigPath: string, cwd: string = dirname(tsconfigPath)): TypeCheckOutcome {
  const configDiagnostics: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => configDiagnostics.push(diagnostic),
    },
  );
  if (parsed === undefined) return report(configDiagnostics, cwd);
  return typeCheckFiles(parsed.fileNames, parsed.options, cwd, parsed.errors);
}

/** A program over `rootNames` with `options`, as `tsc` would check it; nothing is emitted. */
export function typeCheckFiles(
  rootNames: readonly string[],
  options: ts.CompilerOptions,
  cwd: string,
  configErrors: readonly ts.Diagnostic[] = [],
): TypeCheckOutcome {
  const noEmit = { ...options, noEmit: true };
  const program = ts.createProgram({ rootNames, options: noEmit, host: createHost(noEmit), configFileParsingDiagnostics: configErrors });
  return report(ts.getPreEmitDiagnostics(program), cwd);
}
