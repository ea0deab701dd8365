import { relative } from "node:path";
import type { ts } from "ts-morph";
import type { AnalysisChecker, EngineChecker, EngineNode, EngineProject, EngineType } from "../../src/analyze/engine/engine.js";
import { noToolsDiagnostic } from "../../src/analyze/no-tools.js";
import { toPosixPath } from "../../src/analyze/paths.js";
import { calleeName } from "../../src/analyze/syntax.js";
import { programSdkMajor, sdkMajorOf } from "../../src/analyze/resolve/sdk-major.js";
import { resolveToolName } from "../../src/analyze/resolve/tool-name.js";

/**
 * What the analysis can learn of a project through the engine, written out so that two engines
 * can be compared line by line: the source files; every node's kind and line; and for every
 * function (what handlers are) and every call (what registrations are) what the checker says
 * of it: the callee's symbol and where it is declared, the function's type, its return type and
 * the members of both, in an engine-neutral form (flags, literal values, sorted property names:
 * never `typeToString`, which orders the properties of a normalised union differently in
 * TypeScript 7). Then what the parts of the analysis that run on the engine (the program's SDK
 * major, the no-tools warning) give.
 */
export function engineTranscript(project: EngineProject): string[] {
  const { syntax, checker } = project;
  const lines: string[] = [];
  const functions: EngineNode[] = [];
  const callees: EngineNode[] = [];
  // Registrations, as the analysis asks their SDK major: a registering call, or a node inside a low-level request handler.
  const registrations: { style: "sdk-register-tool" | "sdk-low-level"; node: EngineNode }[] = [];
  let lowLevel = 0;
  const names: ts.Expression[] = [];
  for (const file of project.sourceFiles()) {
    lines.push(`file ${toPosixPath(relative(project.rootDir, file.fileName))}`);
    const kinds: string[] = [];
    const visit = (node: EngineNode): undefined => {
      kinds.push(`${syntax.kindName(node)}@${syntax.line(node)}`);
      if (
        syntax.is(node, "ArrowFunction") ||
        syntax.is(node, "FunctionExpression") ||
        syntax.is(node, "FunctionDeclaration") ||
        syntax.is(node, "MethodDeclaration")
      )
        functions.push(node);
      if (syntax.is(node, "CallExpression")) {
        callees.push(syntax.is(node.expression, "PropertyAccessExpression") ? node.expression.name : node.expression);
        const name = calleeName(node);
        if (name === "registerTool" || name === "tool") registrations.push({ style: "sdk-register-tool", node });
        if (name === "setRequestHandler") lowLevel++;
      }
      if (syntax.is(node, "PropertyAssignment") && syntax.is(node.name, "Identifier") && node.name.text === "name") names.push(node.initializer);
      if (lowLevel > 0 && syntax.is(node, "ReturnStatement")) registrations.push({ style: "sdk-low-level", node });
      const result = syntax.forEachChild(node, visit);
      if (syntax.is(node, "CallExpression") && calleeName(node) === "setRequestHandler") lowLevel--;
      return result;
    };
    syntax.forEachChild(file.node, visit);
    lines.push(`  ${kinds.join(" ")}`);
  }
  const where = (node: EngineNode): string => `${toPosixPath(relative(project.rootDir, node.getSourceFile().fileName))}:${syntax.line(node)}`;
  for (const [i, symbol] of checker.symbolsAt(callees).entries()) {
    const callee = callees[i]!;
    if (!symbol) {
      lines.push(`call ${syntax.text(callee)} @${where(callee)}: no symbol`);
      continue;
    }
    const target = checker.aliasedSymbol(symbol);
    const declared = checker.declarations(target).map((node) => declaredIn(project, node));
    lines.push(`call ${syntax.text(callee)} @${where(callee)}: ${checker.symbolName(target)} in ${[...new Set(declared)].sort().join(", ") || "nothing"}`);
  }
  for (const [i, type] of checker.typesAt(functions).entries()) {
    const fn = functions[i]!;
    if (!type) {
      lines.push(`function @${where(fn)}: no type`);
      continue;
    }
    const signatures = checker.callSignatures(type);
    const returned = signatures[0] ? checker.returnType(signatures[0]) : undefined;
    lines.push(`function @${where(fn)}: ${signatures.length} signature(s), returns ${returned ? describe(checker, returned, 3) : "nothing"}`);
  }
  // The parts of the analysis that run on the engine, as the analysis calls them (with the checker both engines' projects carry for it).
  const { analysisChecker } = project as EngineProject & { readonly analysisChecker: AnalysisChecker };
  for (const { style, node } of registrations) {
    const name = syntax.is(node, "CallExpression") && node.arguments[0] ? resolveToolName(node.arguments[0], project, analysisChecker) : undefined;
    lines.push(
      `${style} @${where(node)}: SDK major ${sdkMajorOf(style, node, project) ?? "none"}${name !== undefined ? `, tool name ${JSON.stringify(name)}` : ""}`,
    );
  }
  // Tool names as tool objects, FastMCP and loops give them: the value of every \`name\` property.
  for (const node of names) lines.push(`name @${where(node)}: ${JSON.stringify(resolveToolName(node, project, analysisChecker) ?? null)}`);
  lines.push(`program SDK major: ${programSdkMajor(project) ?? "none"}`);
  lines.push(`MCPA007 if no tool were found: ${noToolsDiagnostic(project, []).message}`);
  return lines;
}

/** A declaration's file: the project's own (relative), a package's (`pkg:name`), or a lib file. */
function declaredIn(project: EngineProject, node: EngineNode): string {
  const file = toPosixPath(node.getSourceFile().fileName);
  // TypeScript 7's lib files sit in its platform package's lib/ folder, TypeScript 6's in ts-morph's bundle.
  if (/\/lib\.[^/]*\.d\.ts$/.test(file)) return "lib";
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return `pkg:${inPackage[1]}`;
  return toPosixPath(relative(project.rootDir, file));
}

/** A type, engine-neutrally, down to `depth` levels of members. */
function describe(checker: EngineChecker, type: EngineType, depth: number): string {
  const flags = checker.flags(type);
  const literal = checker.literalValue(type);
  if (literal !== undefined) return `${flags}:${JSON.stringify(literal)}`;
  const members = checker.unionMembers(type);
  if (members)
    return `${flags}:union(${members
      .map((member) => describe(checker, member, depth - 1))
      .sort()
      .join(" | ")})`;
  if (depth <= 0) return `${flags}`;
  const parts = [`${flags}`];
  const args = checker.typeArguments(type);
  if (args.length > 0) parts.push(`<${args.map((arg) => describe(checker, arg, depth - 1)).join(", ")}>`);
  if (checker.isArrayType(type)) parts.push("array");
  else if (checker.isTupleType(type)) parts.push("tuple");
  else if (args.length === 0) {
    const properties = checker.properties(type);
    if (properties.length > 0 && properties.length <= 40)
      parts.push(
        `{${properties
          .map((p) => symbolKeyed(checker.symbolName(p)))
          .sort()
          .join(",")}}`,
      );
    else if (properties.length > 40) parts.push(`{${properties.length} properties}`);
  }
  return parts.join(" ");
}

/** A symbol-keyed property (`[Symbol.match]`) is named `__@match@<symbol id>`; the id is each compiler's own. */
function symbolKeyed(name: string): string {
  return name.replace(/^(__@\w+)@\d+$/, "$1");
}
