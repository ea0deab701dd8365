import type { ts } from "../../compiler.cjs";
import { LanguageVariant, ScriptTarget, SyntaxKind } from "./ts6-enums.generated.js";
import { typescript6 } from "../../typescript6.js";
import { toPosixPath } from "../paths.js";
import { forEachChild, isExportDeclaration, isImportDeclaration } from "./ast.js";

/**
 * What watch mode (incremental.ts) asks of two TypeScript 6 Programs, the second built from the
 * first (`oldProgram`, with compiler-host.ts handing unchanged files back as the same SourceFile).
 */

/** Every file, libraries included, whose SourceFile is not the one `before` held. */
export function ts6FilesChangedSince(program: ts.Program, before: ts.Program): readonly string[] | "file-set-changed" {
  const oldFiles = before.getSourceFiles();
  const newFiles = program.getSourceFiles();
  if (oldFiles.length !== newFiles.length) return "file-set-changed";
  const changed: string[] = [];
  for (const file of newFiles) {
    const old = before.getSourceFile(file.fileName);
    if (!old) return "file-set-changed";
    if (old !== file) changed.push(file.fileName);
  }
  return changed;
}

interface ProgramInternals {
  getResolvedModuleFromModuleSpecifier?(specifier: ts.StringLiteralLike, file: ts.SourceFile): { resolvedModule?: { resolvedFileName: string } } | undefined;
}

export function ts6ImportedFiles(program: ts.Program, files: readonly ts.SourceFile[]): string[][] {
  const internals = program as unknown as ProgramInternals;
  const checker = program.getTypeChecker();
  return files.map((file) => importsOf(file, internals, checker));
}

function importsOf(file: ts.SourceFile, internals: ProgramInternals, checker: ts.TypeChecker): string[] {
  // `imports` (every import, export-from, require, import() and import type of the file) is internal to TypeScript.
  const specifiers = (file as unknown as { imports?: readonly ts.StringLiteralLike[] }).imports;
  const found: string[] = [];
  if (specifiers && internals.getResolvedModuleFromModuleSpecifier) {
    for (const specifier of specifiers) {
      const target = internals.getResolvedModuleFromModuleSpecifier(specifier, file)?.resolvedModule?.resolvedFileName;
      if (target) found.push(toPosixPath(target));
    }
    return found;
  }
  // Without the internals: ask the checker for each import and export declaration's module.
  const visit = (node: ts.Node): void => {
    if ((isImportDeclaration(node) || isExportDeclaration(node)) && node.moduleSpecifier) {
      const declaration = checker.getSymbolAtLocation(node.moduleSpecifier)?.declarations?.[0];
      if (declaration) found.push(declaration.getSourceFile().fileName);
    }
    forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `Program.emit` with its internal last parameter, `forceDtsEmit`. */
interface ForcedEmit {
  emit(
    file: ts.SourceFile,
    writeFile: ts.WriteFileCallback,
    cancellationToken: undefined,
    emitOnlyDtsFiles: true,
    transformers: undefined,
    forceDtsEmit: true,
  ): ts.EmitResult;
}

/**
 * Whether a changed file's declarations, as `tsc --declaration` writes them, are what they were:
 * then no other file can tell the change by a type or a symbol (TypeScript's own builder tells
 * which files to check again the same way). A file that augments other modules or the global
 * scope never gets here (a full analysis runs).
 */
export function ts6DeclaresAsBefore(fileName: string, before: ts.Program, now: ts.Program): boolean {
  if (!/\.(c|m)?tsx?$/.test(fileName) || /\.d\.[^/]*$/.test(fileName)) return false;
  const declarations = (program: ts.Program): string | undefined => {
    const file = program.getSourceFile(fileName);
    if (!file) return undefined;
    let text: string | undefined;
    // Forced: written whatever `noEmit` and `declaration` say, and without checking the whole file first.
    const result = (program as ForcedEmit).emit(file, (name, data) => (text = /\.d\.[cm]?ts$/.test(name) ? data : text), undefined, true, undefined, true);
    return result.diagnostics.length === 0 && text !== undefined ? withoutComments(text) : undefined;
  };
  const was = declarations(before);
  return was !== undefined && was === declarations(now);
}

/** Declarations as tokens: their comments (a JSDoc's words, a generated formatter's description) type nothing; triple-slash directives stay. */
function withoutComments(declarations: string): string {
  const directives = declarations.match(/^\/\/\/.*$/gm) ?? [];
  const scanner = typescript6().createScanner(ScriptTarget.Latest, true, LanguageVariant.Standard, declarations);
  const tokens: string[] = [...directives];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFileToken; kind = scanner.scan()) tokens.push(scanner.getTokenText());
  return tokens.join(" ");
}
