import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import type { ts } from "../compiler.cjs";
import { SymbolFlags, TypeFlags } from "../analyze/engine/ts6-enums.generated.js";
import { toPosixPath } from "../analyze/paths.js";
import type { AnalysisSession } from "../analyze/session.js";
import { InputError } from "../errors.js";
import type { GenerateConfig } from "../generate/config.js";
import { isProtocolId } from "../protocols/registry.js";
import type { ProtocolId } from "../protocols/protocol.js";
import { isGeneratedFile, isScaffoldedFile } from "../write/header.js";
import { compareStrings } from "../compare-strings.js";
import { otherProtocolArgument } from "./argument-shape.js";
import { mayCallDeclared } from "./declared-names.js";
import {
  forEachChild,
  isCallExpression,
  isFunctionLike,
  isIdentifier,
  isImportDeclaration,
  isImportEqualsDeclaration,
  isImportSpecifier,
  isNamedImports,
  isNamespaceImport,
  isPropertyAccessExpression,
  isSpreadElement,
  isStringLiteral,
} from "../analyze/engine/ast.js";

/**
 * Handlers and stubs written for one protocol's generated output, when the config now asks for
 * another. Migrated call sites pass what their formatter takes (`formatX(payload)` for the Guidance
 * Pattern, `formatX(payload, parts)` for AORP), so output generated for another protocol breaks
 * them: `tsc` fails while the formatter calls still type as `ConformingResult`. Two ways to see it:
 * - before `generate` rewrites the output: the output on disk says which protocol it was made
 *   for, and the project's modules that import its formatters or kit (found by module, through
 *   their import specifiers) were written for that one;
 * - after: a call of a generated function that its arguments no longer fit, or an import of a name
 *   the generated module no longer exports (through the checker, by declaration).
 */

export interface ProtocolVariant {
  protocol: ProtocolId;
  /** Guidance stubs feed the formatters: the `guidance` protocol, or `guidance: true`. */
  guidance: boolean;
}

export interface Misfit {
  file: string;
  line: number;
  message: string;
  /** Handlers `migrate` can move, or a guidance stub, which is the user's. */
  kind: "handlers" | "stub";
  /** For an argument whose type does not fit: the argument (a name of no tool in it explains it too). */
  argument?: ts.Node;
}

export function variantOf(config: Pick<GenerateConfig, "protocol" | "guidance">): ProtocolVariant {
  return { protocol: config.protocol, guidance: config.protocol === "guidance" || config.guidance };
}

function describe(variant: ProtocolVariant): string {
  return variant.protocol !== "guidance" && variant.guidance ? `${variant.protocol} with guidance: true` : variant.protocol;
}

/** The variant the output on disk was generated for: its own conform.ts names the runtime it types against. */
export function outputVariant(projectRoot: string, outputDir: string): ProtocolVariant | null {
  const conform = join(projectRoot, outputDir, "conform.ts");
  if (!existsSync(conform)) return null;
  const text = readFileSync(conform, "utf8");
  if (!isGeneratedFile(text)) return null;
  const id = /from "\.\/runtime\/([a-z0-9-]+)\.js"/.exec(text)?.[1];
  if (id === undefined || !isProtocolId(id)) return null;
  return { protocol: id, guidance: id === "guidance" || existsSync(join(projectRoot, outputDir, "runtime", "guidance.ts")) };
}

/** Whether formatter calls written for `from`'s output stop fitting `to`'s. */
export function callSitesBreak(from: ProtocolVariant, to: ProtocolVariant): boolean {
  if (from.protocol !== to.protocol) return true;
  // Only the smart-v2 error formatter changes its parameters with `guidance: true` (it takes the error for `errorGuidance`).
  return from.guidance !== to.guidance && to.protocol === "smart-v2";
}

/** A relative specifier as the file it names (`./gen/kit.js` → `<dir>/gen/kit.ts`). */
function resolvedSpecifier(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  return resolve(
    dirname(fromFile),
    specifier
      .replace(/\.js$/, ".ts")
      .replace(/\.mjs$/, ".mts")
      .replace(/\.cjs$/, ".cts"),
  );
}

/** Which part of the output a module path is (`formatters/x.ts`, `kit.ts`, `runtime/aorp.ts`), or null outside it. */
function outputModule(file: string, outputRoot: string): string | null {
  return file.startsWith(outputRoot + sep) ? toPosixPath(relative(outputRoot, file)) : null;
}

/** Whether a module of the output changes with the protocol: formatters, the kit, the runtimes. */
function isProtocolModule(module: string): boolean {
  return module.startsWith("formatters/") || module === "kit.ts" || module.startsWith("runtime/");
}

/**
 * The project's modules (and guidance stubs) written for the output on disk that the configured
 * variant would break: empty when the variants agree, or nothing was generated yet.
 */
export function protocolSwitchMisfits(session: AnalysisSession, config: Pick<GenerateConfig, "protocol" | "guidance" | "outputDir" | "guidanceDir">): Misfit[] {
  const onDisk = outputVariant(session.rootDir, config.outputDir);
  const wanted = variantOf(config);
  if (!onDisk || (onDisk.protocol === wanted.protocol && onDisk.guidance === wanted.guidance)) return [];
  const outputRoot = resolve(session.rootDir, config.outputDir);
  const stubRoot = resolve(session.rootDir, config.guidanceDir);
  const breaks = callSitesBreak(onDisk, wanted);
  const misfits: Misfit[] = [];
  for (const file of session.userSourceFiles()) {
    const fileName = resolve(file.fileName);
    if (outputModule(fileName, outputRoot) !== null) continue;
    const isStub = fileName.startsWith(stubRoot + sep) && isScaffoldedFile(file.text);
    for (const statement of file.statements) {
      if (!isImportDeclaration(statement) || !isStringLiteral(statement.moduleSpecifier)) continue;
      const target = resolvedSpecifier(fileName, statement.moduleSpecifier.text);
      const module = target && outputModule(target, outputRoot);
      if (!module || !isProtocolModule(module)) continue;
      const { file: where, line } = session.where(statement);
      if (isStub) {
        if (wanted.guidance) break;
        misfits.push({
          kind: "stub",
          file: where,
          line,
          message: `this guidance stub feeds the ${describe(onDisk)} formatters; ${describe(wanted)} uses no guidance stubs: set guidance: true in the config to keep them (aorp, smart-v2), or delete ${posix.normalize(config.guidanceDir)}/`,
        });
        break;
      }
      if (!breaks) break;
      misfits.push({
        kind: "handlers",
        file: where,
        line,
        message: `its handlers are written for the ${describe(onDisk)} formatters (the output in ${config.outputDir} was generated for ${describe(onDisk)}), which ${describe(wanted)} replaces with formatters of other arguments: run \`mcp-conform migrate --protocol ${wanted.protocol}\` to move them`,
      });
      break;
    }
  }
  // Handlers first: moving them is the step that matters; stubs are the user's to keep or drop.
  const isStubMisfit = (misfit: Misfit): number => (misfit.kind === "stub" ? 1 : 0);
  return misfits.sort((a, b) => isStubMisfit(a) - isStubMisfit(b) || compareStrings(a.file, b.file) || a.line - b.line);
}

/**
 * `generate` (and `migrate` for stubs) refuse to write output that would break the project: exit 2,
 * one line naming the first module written for the output on disk, and what to run.
 */
export function assertNoProtocolSwitch(
  session: AnalysisSession,
  config: Pick<GenerateConfig, "protocol" | "guidance" | "outputDir" | "guidanceDir">,
  cwd: string,
  only?: (misfit: Misfit) => boolean,
): void {
  const misfits = protocolSwitchMisfits(session, config).filter((misfit) => !only || only(misfit));
  const first = misfits[0];
  if (!first) return;
  const more = misfits.length > 1 ? ` (and ${misfits.length - 1} more file${misfits.length === 2 ? "" : "s"})` : "";
  throw new InputError(`${first.message}${more}`, { file: toPosixPath(relative(cwd, join(session.rootDir, first.file))), line: first.line });
}

function isInOutput(node: ts.Node | undefined, outputRoot: string): boolean {
  return node !== undefined && outputModule(resolve(node.getSourceFile().fileName), outputRoot) !== null;
}

/** The import specifier's module, when it is part of the generated output. */
function importedFromOutput(symbol: ts.Symbol, outputRoot: string): string | null {
  const specifier = symbol.declarations?.find(isImportSpecifier);
  if (!specifier) return null;
  const declaration = specifier.parent.parent.parent;
  if (!isImportDeclaration(declaration) || !isStringLiteral(declaration.moduleSpecifier)) return null;
  const target = resolvedSpecifier(specifier.getSourceFile().fileName, declaration.moduleSpecifier.text);
  return target ? outputModule(target, outputRoot) : null;
}

const importedNamesByFile = new WeakMap<ts.SourceFile, ReadonlySet<string>>();

/** The local names a file's imports bind (`x`, `y`, `ns`, `d` in `import d, { x, y as z } ...`, `import * as ns`, `import e = require()`). */
export function importedNames(file: ts.SourceFile): ReadonlySet<string> {
  let names = importedNamesByFile.get(file);
  if (!names) {
    const found = new Set<string>();
    for (const statement of file.statements) {
      if (isImportEqualsDeclaration(statement)) found.add(statement.name.text);
      if (!isImportDeclaration(statement) || !statement.importClause) continue;
      const { name, namedBindings } = statement.importClause;
      if (name) found.add(name.text);
      if (namedBindings && isNamespaceImport(namedBindings)) found.add(namedBindings.name.text);
      else if (namedBindings && isNamedImports(namedBindings)) for (const element of namedBindings.elements) found.add(element.name.text);
    }
    names = found;
    importedNamesByFile.set(file, names);
  }
  return names;
}

function requiredParameters(declaration: ts.SignatureDeclaration): number {
  return declaration.parameters.filter((parameter) => !parameter.questionToken && !parameter.initializer && !parameter.dotDotDotToken).length;
}

/**
 * Within `root` (a handler, a stub): names imported from the output that it no longer exports, and
 * calls of generated functions whose arguments no longer fit them (count, or a type the checker
 * finds not assignable), as written for another protocol.
 */
export function misfitCalls(
  session: AnalysisSession,
  root: ts.Node,
  config: Pick<GenerateConfig, "protocol" | "guidance" | "outputDir" | "guidanceDir">,
  options: {
    stub?: boolean;
    /** The names the project and its output declare (declared-names.ts): a call of another name reaches no output function and is not asked about. */
    declared?: ReadonlySet<string>;
  } = {},
): Misfit[] {
  const { checker } = session;
  const outputRoot = resolve(session.rootDir, config.outputDir);
  const misfits: Misfit[] = [];
  const kind = options.stub ? "stub" : "handlers";
  const advice = options.stub
    ? variantOf(config).guidance
      ? "it was scaffolded for another protocol: compare it with a fresh scaffold (move it away and run `mcp-conform generate`)"
      : `${describe(variantOf(config))} uses no guidance stubs: set guidance: true in the config to keep them (aorp, smart-v2), or delete ${posix.normalize(config.guidanceDir)}/`
    : `it was written for another protocol: run \`mcp-conform migrate --protocol ${config.protocol}\``;
  const reported = new Set<ts.Symbol>();
  // Only a name the file imports can be an import of the output: the others are not asked.
  const imported = importedNames(root.getSourceFile());
  const asked = (call: ts.CallExpression): boolean => mayCallDeclared(call, options.declared);
  if (checker.prefetchSymbols) {
    // Every name below is asked for its symbol: on TypeScript 7, one round trip for all of them.
    const names: ts.Node[] = [];
    const collect = (node: ts.Node): void => {
      if (isIdentifier(node)) {
        if (imported.has(node.text) || (isCallExpression(node.parent) && node.parent.expression === node && asked(node.parent))) names.push(node);
      } else {
        if (isCallExpression(node) && isPropertyAccessExpression(node.expression) && asked(node)) names.push(node.expression.name);
        forEachChild(node, collect);
      }
    };
    collect(root);
    checker.prefetchSymbols(names);
  }
  const visit = (node: ts.Node): void => {
    if (isIdentifier(node) && imported.has(node.text) && !isImportSpecifier(node.parent)) {
      const symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & SymbolFlags.Alias && !reported.has(symbol)) {
        const module = importedFromOutput(symbol, outputRoot);
        if (module !== null && (checker.getAliasedSymbol(symbol).declarations ?? []).length === 0) {
          reported.add(symbol);
          misfits.push({
            kind,
            ...session.where(node),
            message: `${node.text} is imported from the generated ${module}, which no longer exports it: ${advice}`,
          });
        }
      }
    }
    if (isCallExpression(node) && asked(node)) {
      const callee = isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      let symbol = checker.getSymbolAtLocation(callee);
      if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.declarations?.find((each): each is ts.SignatureDeclaration & ts.Declaration => isFunctionLike(each));
      if (declaration && isInOutput(declaration, outputRoot) && !node.arguments.some(isSpreadElement)) {
        const name = callee.getText(callee.getSourceFile());
        const signature = checker.getResolvedSignature(node);
        const max = declaration.parameters.some((parameter) => parameter.dotDotDotToken) ? Infinity : declaration.parameters.length;
        const min = requiredParameters(declaration);
        if (node.arguments.length < min || node.arguments.length > max) {
          misfits.push({
            kind,
            ...session.where(node),
            message: `${name}(...) takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? "" : "s"} in the generated output, not ${node.arguments.length}: ${advice}`,
          });
        } else if (signature) {
          // The first argument the checker finds not assignable in a way that says another protocol (argument-shape.ts).
          for (const [index, argument] of node.arguments.entries()) {
            const parameter = signature.parameters[index];
            if (!parameter) break;
            const expected = checker.getTypeOfSymbolAtLocation(parameter, node);
            const actual = checker.getTypeAtLocation(argument);
            if (actual.flags & TypeFlags.Any || checker.isTypeAssignableTo(actual, expected)) continue;
            const why = otherProtocolArgument(checker, declaration.parameters[index], actual, expected);
            if (why === null) continue;
            misfits.push({ kind, argument, ...session.where(argument), message: `argument ${index + 1} of ${name}(...) ${why}: ${advice}` });
            break;
          }
        }
      }
    }
    forEachChild(node, visit);
  };
  visit(root);
  // A stub is one file the user deals with as a whole: its first misfit says what to do.
  return options.stub ? misfits.slice(0, 1) : misfits;
}
