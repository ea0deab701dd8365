import { posix } from "node:path";
import type { ts } from "../compiler.cjs";
import { ScriptKind, ScriptTarget, SyntaxKind } from "../analyze/engine/ts6-enums.generated.js";
import { typescript6 } from "../typescript6.js";
import { InputError } from "../errors.js";

/**
 * The generated modules import from each other (a formatter from `kit.ts`, `kit.ts` from
 * `conform.ts`...). The built-in templates keep those imports and exports in step, and tests hold
 * them; a `templates.dir` copy of one template made for an earlier version may not (a kit without a
 * re-export the formatters now take from it). Then the project's own `tsc` would fail on the
 * output with an error far from its cause: said here instead, before anything is written.
 */
export function checkGeneratedImports(generated: ReadonlyMap<string, string>, templatesDir: string): void {
  const exportsOf = new Map<string, ReadonlySet<string> | "any">();
  const exported = (path: string, seen = new Set<string>()): ReadonlySet<string> | "any" => {
    const known = exportsOf.get(path);
    if (known) return known;
    const text = generated.get(path);
    // A module outside the output (the SDK, zod, the user's stubs): not ours to judge.
    if (text === undefined || seen.has(path)) return "any";
    seen.add(path);
    const names = exportedNames(path, text, (target) => exported(target, seen));
    exportsOf.set(path, names);
    return names;
  };
  for (const [path, text] of generated) {
    if (!/\.[cm]?ts$/.test(path)) continue;
    for (const { name, from } of namedImports(path, text)) {
      const names = exported(from);
      if (names !== "any" && !names.has(name)) {
        throw new InputError(
          `templates.dir: ${posix.relative(posix.dirname(from), path)} imports ${name} from ${posix.basename(from)}, which no longer exports it: a template there was made for another version of mcp-conform (compare it with the built-in one of the same name)`,
          { file: templatesDir },
        );
      }
    }
  }
}

/** `./kit.js`, `./kit`, `../kit.js` from `formatters/x.ts`: the generated path it names. */
function resolveRelative(importer: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(importer), specifier));
  return /\.[cm]?js$/.test(joined) ? joined.replace(/\.([cm]?)js$/, ".$1ts") : `${joined}.ts`;
}

function parse(path: string, text: string): ts.SourceFile {
  return typescript6().createSourceFile(path, text, ScriptTarget.Latest, false, ScriptKind.TS);
}

function namedImports(path: string, text: string): { name: string; from: string }[] {
  const ts6 = typescript6();
  const found: { name: string; from: string }[] = [];
  for (const statement of parse(path, text).statements) {
    if (!ts6.isImportDeclaration(statement) || !ts6.isStringLiteral(statement.moduleSpecifier) || !statement.importClause) continue;
    const from = resolveRelative(path, statement.moduleSpecifier.text);
    if (from === undefined) continue;
    const { name, namedBindings } = statement.importClause;
    if (name) found.push({ name: "default", from });
    if (namedBindings && ts6.isNamedImports(namedBindings)) {
      for (const element of namedBindings.elements) found.push({ name: (element.propertyName ?? element.name).text, from });
    }
  }
  return found;
}

function exportedNames(path: string, text: string, exportsOfModule: (path: string) => ReadonlySet<string> | "any"): ReadonlySet<string> | "any" {
  const ts6 = typescript6();
  const names = new Set<string>();
  for (const statement of parse(path, text).statements) {
    if (ts6.isExportDeclaration(statement)) {
      if (statement.exportClause && ts6.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      } else if (statement.exportClause && ts6.isNamespaceExport(statement.exportClause)) {
        names.add(statement.exportClause.name.text);
      } else if (statement.moduleSpecifier && ts6.isStringLiteral(statement.moduleSpecifier)) {
        // `export * from "./x.js"`: what that module exports.
        const target = resolveRelative(path, statement.moduleSpecifier.text);
        const more = target === undefined ? "any" : exportsOfModule(target);
        if (more === "any") return "any";
        for (const name of more) names.add(name);
      }
      continue;
    }
    if (ts6.isExportAssignment(statement)) {
      names.add("default");
      continue;
    }
    const modifiers = ts6.canHaveModifiers(statement) ? (ts6.getModifiers(statement) ?? []) : [];
    if (!modifiers.some((modifier) => modifier.kind === SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((modifier) => modifier.kind === SyntaxKind.DefaultKeyword)) names.add("default");
    if (ts6.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts6.isIdentifier(declaration.name)) return "any";
        names.add(declaration.name.text);
      }
    } else {
      const name = (statement as ts.DeclarationStatement).name;
      if (name && ts6.isIdentifier(name)) names.add(name.text);
    }
  }
  return names;
}
