import type { ts } from "../../compiler.cjs";
import { kindOf } from "./ast.js";
import type { AnalysisChecker } from "./engine.js";

/**
 * A symbol's declarations whose file name and kind pass `keep`, on either engine: the callers
 * that follow a name to the project's code ask this way, so that on TypeScript 7 the library
 * files a name is declared in (`Math`, `JSON` and `Error` in lib.es5.d.ts, 0.9 MB; a method of
 * the SDK's server) are never fetched only to be passed over.
 */
export function declarationsWhere(symbol: ts.Symbol, checker: AnalysisChecker, keep: (fileName: string, kind: ts.SyntaxKind) => boolean): ts.Declaration[] {
  return (
    checker.declarationsWhere?.(symbol, keep) ??
    (symbol.declarations ?? []).filter((declaration) => keep(declaration.getSourceFile().fileName, kindOf(declaration)))
  );
}

/** Where a symbol is declared and as what, without reading a declaration's node. */
export function declarationSites(symbol: ts.Symbol, checker: AnalysisChecker): { fileName: string; kind: ts.SyntaxKind }[] {
  const sites: { fileName: string; kind: ts.SyntaxKind }[] = [];
  declarationsWhere(symbol, checker, (fileName, kind) => {
    sites.push({ fileName, kind });
    return false;
  });
  return sites;
}

/** Where a symbol's value declaration is and as what; on TypeScript 7 without fetching its file. */
export function valueDeclarationSite(symbol: ts.Symbol, checker: AnalysisChecker): { fileName: string; kind: ts.SyntaxKind } | undefined {
  if (checker.valueDeclarationSite) return checker.valueDeclarationSite(symbol);
  const declaration = symbol.valueDeclaration;
  return declaration ? { fileName: declaration.getSourceFile().fileName, kind: kindOf(declaration) } : undefined;
}

/** A symbol's value declaration when its file and kind pass `keep`: a file that fails is never fetched. */
export function valueDeclarationWhere(
  symbol: ts.Symbol,
  checker: AnalysisChecker,
  keep: (fileName: string, kind: ts.SyntaxKind) => boolean,
): ts.Declaration | undefined {
  const site = valueDeclarationSite(symbol, checker);
  return site && keep(site.fileName, site.kind) ? symbol.valueDeclaration : undefined;
}

/**
 * Whether TypeScript reads the file as a declaration file, by its name as TypeScript tells it
 * (`isDeclarationFileName`): `.d.ts`, `.d.mts`, `.d.cts`, or a `.ts` whose name holds `.d.`
 * (`styles.d.css.ts`, for arbitrary extensions).
 */
export function isDeclarationFileName(fileName: string): boolean {
  if (/\.d\.[cm]?ts$/.test(fileName)) return true;
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  return base.endsWith(".ts") && base.includes(".d.");
}

/** Whether a file may hold code with a body: not a declaration file. */
export function mayHoldCode(fileName: string): boolean {
  return !isDeclarationFileName(fileName);
}
