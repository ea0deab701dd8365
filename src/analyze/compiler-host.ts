import type { ts } from "../compiler.cjs";
import { typescript6, typescript6LibFiles } from "../typescript6.js";
import { fileStamp } from "../file-stamp.js";

/**
 * TypeScript's lib files (lib.es2022.d.ts, ...) as ts-morph ships them: inside its bundle, not as
 * files beside its typescript.js. A Program we build ourselves must be served them the same way,
 * or every `Promise` and `Array` would silently be `unknown`.
 */
const LIB_FOLDER = "/__mcp-conform__/typescript/lib";
let libTexts: Map<string, string> | undefined;
const libSourceFiles = new Map<string, ts.SourceFile>();

function libText(path: string): string | undefined {
  libTexts ??= new Map(typescript6LibFiles().map((file) => [`${LIB_FOLDER}/${file.fileName}`, file.text]));
  return libTexts.get(path.replace(/\\/g, "/"));
}

function isLibPath(path: string): boolean {
  return path.replace(/\\/g, "/").startsWith(LIB_FOLDER);
}

/**
 * Parsed project files kept across Programs (watch mode): a file whose text is unchanged is handed
 * back as the same SourceFile object, which is what lets `createProgram(..., oldProgram)` reuse it
 * (and its binding) instead of parsing it again. A file whose stat (`stamp`) is what it was when
 * it was read is not even read again: a thousand reads were a third of building the next Program.
 */
export type SourceFileCache = Map<string, { text: string; file: ts.SourceFile; stamp?: string }>;

/**
 * Declaration files of installed packages (the SDK's, zod's), parsed once per process and shared
 * by every Program that reads them unchanged: a monorepo run, `--watch`, `check` after `generate`.
 * The key holds the options that change how a file is parsed or bound, since TypeScript binds a
 * SourceFile once, under the first Program that checks it (as its DocumentRegistry does).
 */
const packageDeclarations = new Map<string, { text: string; file: ts.SourceFile; stamp?: string }>();

export function isPackageDeclaration(path: string): boolean {
  return /[\\/]node_modules[\\/]/.test(path) && /\.d\.[cm]?ts$/.test(path);
}

export function bindingKey(options: ts.CompilerOptions, languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
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
  // Of the per-file options, only these change the parse; the package.json scope TypeScript also
  // passes is memoised state (it grows fields), not part of what the file means.
  const parse =
    typeof languageVersion === "object"
      ? [languageVersion.languageVersion, languageVersion.impliedNodeFormat, languageVersion.jsDocParsingMode]
      : languageVersion;
  return JSON.stringify([
    parse,
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

export function createAnalysisCompilerHost(options: ts.CompilerOptions, sourceFileCache?: SourceFileCache): ts.CompilerHost {
  // No parent pointers at parse time: binding (when the checker is created) sets them anyway.
  const host = typescript6().createCompilerHost(options);
  // As `tsc` does (TypeScript 5.3 on): JSDoc is parsed in JavaScript files, where it types things,
  // and in TypeScript files only for `@see` and `@link`. Nothing the analysis reads is in the rest,
  // and parsing it was 15% of the Program at 1,000 tools (zod's and the SDK's declarations).
  host.jsDocParsingMode = typescript6().JSDocParsingMode.ParseForTypeErrors;
  const { fileExists, readFile, getSourceFile } = host;
  host.getDefaultLibLocation = () => LIB_FOLDER;
  host.getDefaultLibFileName = (compilerOptions) => `${LIB_FOLDER}/${typescript6().getDefaultLibFileName(compilerOptions)}`;
  host.fileExists = (path) => (isLibPath(path) ? libText(path) !== undefined : fileExists.call(host, path));
  host.readFile = (path) => (isLibPath(path) ? libText(path) : readFile.call(host, path));
  host.getSourceFile = (path, languageVersionOrOptions, onError, shouldCreate) => {
    if (!isLibPath(path) && isPackageDeclaration(path)) {
      const key = `${path}\0${bindingKey(options, languageVersionOrOptions)}`;
      const cached = packageDeclarations.get(key);
      // In watch mode (a cache of the project's files is kept), unread while its stat is the same.
      const stamp = sourceFileCache ? fileStamp(path) : undefined;
      if (cached && stamp !== undefined && cached.stamp === stamp) return cached.file;
      const text = readFile.call(host, path);
      if (text === undefined) return undefined;
      if (cached && cached.text === text) {
        if (stamp !== undefined) cached.stamp = stamp;
        return cached.file;
      }
      const parsed = typescript6().createSourceFile(path, text, languageVersionOrOptions);
      packageDeclarations.set(key, { text, file: parsed, ...(stamp !== undefined ? { stamp } : {}) });
      return parsed;
    }
    if (!isLibPath(path)) {
      if (!sourceFileCache) return getSourceFile.call(host, path, languageVersionOrOptions, onError, shouldCreate);
      const stamp = fileStamp(path);
      const cached = sourceFileCache.get(path);
      if (cached && stamp !== undefined && cached.stamp === stamp) return cached.file;
      const text = readFile.call(host, path);
      if (text === undefined) return undefined;
      if (cached && cached.text === text) {
        if (stamp === undefined) delete cached.stamp;
        else cached.stamp = stamp;
        return cached.file;
      }
      const parsed = typescript6().createSourceFile(path, text, languageVersionOrOptions);
      sourceFileCache.set(path, { text, file: parsed, ...(stamp !== undefined ? { stamp } : {}) });
      return parsed;
    }
    // Lib files never change: parse each once per process (watch mode rebuilds the Program often).
    let file = libSourceFiles.get(path);
    const text = libText(path);
    if (!file && text !== undefined) {
      file = typescript6().createSourceFile(path, text, languageVersionOrOptions);
      libSourceFiles.set(path, file);
    }
    return file;
  };
  return host;
}
