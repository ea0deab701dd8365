import { type ImportDeclaration, QuoteKind, SyntaxKind, type SourceFile } from "ts-morph";
import { compareStrings } from "../compare-strings.js";
import { importSpecifier } from "../generate/paths.js";

/** What a rewritten file must import, by project-relative generated module; `type X` for a type. */
export type Needs = Map<string, Set<string>>;

/** Add what is missing, one declaration per module, with NodeNext specifiers; `import type` when only types. */
export function addImports(file: SourceFile, relativePath: string, needs: Needs, extensionless = false, singleQuotes = false): void {
  const modules = [...needs.keys()].sort();
  const settings = file.getProject().manipulationSettings;
  const quoteKind = settings.getQuoteKind();
  if (singleQuotes) settings.set({ quoteKind: QuoteKind.Single });
  try {
    addEach(file, relativePath, needs, modules, extensionless);
  } finally {
    settings.set({ quoteKind });
  }
}

function addEach(file: SourceFile, relativePath: string, needs: Needs, modules: string[], extensionless: boolean): void {
  for (const target of modules) {
    const names = [...needs.get(target)!].sort((a, b) => compareStrings(a.replace(/^type /, ""), b.replace(/^type /, "")));
    const specifier = extensionless ? importSpecifier(relativePath, target).replace(/\.js$/, "") : importSpecifier(relativePath, target);
    const existing = file.getImportDeclarations().find((declaration) => declaration.getModuleSpecifierValue() === specifier && !declaration.isTypeOnly());
    const present = new Set(existing?.getNamedImports().map((named) => named.getName()) ?? []);
    const missing = names.filter((name) => !present.has(name.replace(/^type /, "")));
    if (missing.length === 0) continue;
    const typesOnly = missing.every((name) => name.startsWith("type "));
    const structures = missing.map((name) => (name.startsWith("type ") ? { name: name.slice(5), isTypeOnly: !typesOnly || existing !== undefined } : { name }));
    if (existing) addInTheirOrder(existing, structures);
    else file.insertImportDeclaration(insertionIndex(file), { moduleSpecifier: specifier, namedImports: structures, isTypeOnly: typesOnly });
  }
}

type NamedImport = { name: string; isTypeOnly?: boolean };

/**
 * Names added to an import the file already has go where its own order puts them: case-insensitive
 * (what an editor's "organize imports" writes) or code-unit order, whichever the names are already
 * in; at the end when they are in neither.
 */
function addInTheirOrder(declaration: ImportDeclaration, added: readonly NamedImport[]): void {
  const names = (): string[] => declaration.getNamedImports().map((named) => named.getName());
  const caseInsensitive = (a: string, b: string): number => compareStrings(a.toLowerCase(), b.toLowerCase()) || compareStrings(a, b);
  const order = [caseInsensitive, compareStrings].find((compare) => names().every((name, index, all) => index === 0 || compare(all[index - 1]!, name) <= 0));
  if (!order) {
    declaration.addNamedImports([...added]);
    return;
  }
  for (const named of added) {
    const index = names().findIndex((name) => order(name, named.name) > 0);
    declaration.insertNamedImport(index < 0 ? names().length : index, named);
  }
}

/**
 * Where an import of a generated module goes: with the file's own relative imports (after the last
 * of them), or after its last import when it has none, as a reviewer would place it by hand.
 */
function insertionIndex(file: SourceFile): number {
  const declarations = file.getImportDeclarations();
  for (let index = declarations.length - 1; index >= 0; index--) if (declarations[index]!.getModuleSpecifierValue().startsWith(".")) return index + 1;
  return declarations.length;
}

/** How many times each imported name is used outside its import, keyed by name. */
export function importedNameUses(file: SourceFile): Map<string, number> {
  const imported = new Set(
    file
      .getImportDeclarations()
      .flatMap((declaration) => declaration.getNamedImports().map((named) => (named.getAliasNode() ?? named.getNameNode()).getText())),
  );
  const uses = new Map<string, number>();
  for (const identifier of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
    const name = identifier.getText();
    if (!imported.has(name) || identifier.getFirstAncestorByKind(SyntaxKind.ImportDeclaration)) continue;
    uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  return uses;
}

/** Imports the rewrite left unused (`jsonResult` once its last call became a formatter call): removed. Imports that were unused already stay. */
export function removeImportsMadeUnused(file: SourceFile, usedBefore: Map<string, number>): void {
  const usedAfter = importedNameUses(file);
  for (const declaration of file.getImportDeclarations()) {
    for (const named of declaration.getNamedImports()) {
      const local = (named.getAliasNode() ?? named.getNameNode()).getText();
      if ((usedBefore.get(local) ?? 0) > 0 && (usedAfter.get(local) ?? 0) === 0) named.remove();
    }
    if (declaration.getNamedImports().length === 0 && !declaration.getDefaultImport() && !declaration.getNamespaceImport() && declaration.getImportClause())
      declaration.remove();
  }
}
