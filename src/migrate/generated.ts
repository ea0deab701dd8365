import { dirname, resolve, sep } from "node:path";
import { ts } from "../compiler.cjs";
import { unwrapExpression } from "../analyze/syntax.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * Whether a call's callee is one of mcp-conform's generated functions, decided by its symbol: it is
 * declared in the generated output folder (through its import). When that file does not exist yet
 * (a fresh clone whose output is git-ignored), the import's specifier must point into the output
 * folder. Never by name: a project's own `formatSmartPEBandResult(result)` is a helper to migrate,
 * not a formatter already in place.
 */
export class GeneratedSymbols {
  private readonly outputRoot: string;

  constructor(
    private readonly checker: AnalysisChecker,
    projectRoot: string,
    outputDir: string,
  ) {
    this.outputRoot = resolve(projectRoot, outputDir) + sep;
  }

  isGeneratedCall(call: ts.CallExpression): boolean {
    const expression = unwrapExpression(call.expression);
    const callee = ts.isPropertyAccessExpression(expression) ? expression.name : expression;
    const local = this.checker.getSymbolAtLocation(callee);
    let symbol = local;
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declarations = symbol?.declarations ?? [];
    if (declarations.some((declaration) => resolve(declaration.getSourceFile().fileName).startsWith(this.outputRoot))) return true;
    if (declarations.length > 0 && symbol !== local) return false;
    // Unresolved: an import whose module does not exist yet.
    const imported = local?.declarations?.find(
      (declaration) => ts.isImportSpecifier(declaration) || ts.isImportClause(declaration) || ts.isNamespaceImport(declaration),
    );
    for (let current: ts.Node | undefined = imported; current; current = current.parent) {
      if (ts.isImportDeclaration(current)) {
        if (!ts.isStringLiteral(current.moduleSpecifier) || !current.moduleSpecifier.text.startsWith(".")) return false;
        const target = resolve(dirname(current.getSourceFile().fileName), current.moduleSpecifier.text);
        return (target + sep).startsWith(this.outputRoot);
      }
    }
    return false;
  }
}
