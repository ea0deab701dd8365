import type { ts } from "../../compiler.cjs";
import type { EngineNode, EngineProject } from "../engine/engine.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { isPropertyAccessExpression } from "../engine/ast.js";
import { declarationSites, isDeclarationFileName } from "../engine/declarations-where.js";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { calleeName, unwrapExpression } from "../syntax.js";
import type { DiscoveryStyle } from "../inventory.js";

/**
 * Which major of the MCP TypeScript SDK registers a tool: 1 for `@modelcontextprotocol/sdk`, 2 for
 * `@modelcontextprotocol/server` (whose classes live in `@modelcontextprotocol/core`). The two take
 * different `outputSchema`s (1.x zod only; 2.x a Standard Schema with `~standard.jsonSchema`), so
 * generation and `migrate` need to know. Told by where the checker finds the registering call's
 * method (`registerTool`, `tool`, `setRequestHandler`) declared, or else resolves the call, not by
 * import names: it sees through re-exports, wrappers' parameter types and aliases alike. Read through the analysis engine, so
 * either compiler tells it alike.
 */

const SDK_STYLES: ReadonlySet<DiscoveryStyle> = new Set(["sdk-register-tool", "sdk-tool", "sdk-low-level"]);

/** The SDK major a declaration file belongs to, by its package folder. */
export function sdkMajorOfFile(fileName: string): 1 | 2 | undefined {
  const path = fileName.split("\\").join("/");
  if (path.includes("/node_modules/@modelcontextprotocol/sdk/")) return 1;
  if (/\/node_modules\/@modelcontextprotocol\/(server|core|client)\//.test(path)) return 2;
  return undefined;
}

/** The call that registers a candidate: the registration itself, or the `setRequestHandler` around a low-level branch. */
function registeringCall(project: EngineProject, registration: EngineNode): ts.CallExpression | undefined {
  const { syntax } = project;
  if (syntax.is(registration, "CallExpression")) return registration;
  for (let node: ts.Node | undefined = registration.parent; node; node = node.parent) {
    if (syntax.is(node, "CallExpression") && calleeName(node) === "setRequestHandler") return node;
  }
  return undefined;
}

/** With the analysis' checker, the called method's declarations answer first (`majorOfCalledMethod`). */
export function sdkMajorOf(style: DiscoveryStyle, registration: EngineNode, project: EngineProject, checker?: AnalysisChecker): 1 | 2 | undefined {
  if (!SDK_STYLES.has(style)) return undefined;
  const call = registeringCall(project, registration);
  if (!call) return undefined;
  // With the analysis' checker, its answers are shared (on TypeScript 7, one batch for all).
  const byMethod = checker ? majorOfCalledMethod(call, checker) : methodMajor(project, call);
  if (byMethod !== undefined) return byMethod;
  const [signature] = project.checker.resolvedSignatures([call]);
  const declaration = signature ? project.checker.signatureDeclaration(signature) : undefined;
  return declaration ? sdkMajorOfFile(declaration.getSourceFile().fileName) : undefined;
}

/**
 * The major of the method a call names (`server.registerTool(...)`), when every declaration of it
 * is a method of one SDK major's classes: overload resolution could then only pick one of them.
 * Asked first because resolving `registerTool`'s overloads (their zod generics) is the costliest
 * question of a tool's analysis on a fresh checker (`--watch` has a fresh checker every cycle; on
 * TypeScript 7, half a millisecond of the compiler's time a tool).
 */
function majorOfCalledMethod(call: ts.CallExpression, checker: AnalysisChecker): 1 | 2 | undefined {
  const callee = unwrapExpression(call.expression);
  if (!isPropertyAccessExpression(callee)) return undefined;
  const symbol = checker.getSymbolAtLocation(callee.name);
  // Told by each declaration's file and kind: on TypeScript 7 the SDK's files are not fetched for it.
  return oneMajor(
    symbol ? declarationSites(symbol, checker) : [],
    (site) => site.kind === SyntaxKind.MethodDeclaration || site.kind === SyntaxKind.MethodSignature,
  );
}

/** The same through the engine's interface (the engine transcript's path). */
function methodMajor(project: EngineProject, call: ts.CallExpression): 1 | 2 | undefined {
  const { syntax, checker } = project;
  const callee = call.expression;
  if (!syntax.is(callee, "PropertyAccessExpression")) return undefined;
  const [symbol] = checker.symbolsAt([callee.name]);
  const sites = (symbol ? checker.declarations(symbol) : []).map((declaration) => ({ declaration, fileName: declaration.getSourceFile().fileName }));
  return oneMajor(sites, ({ declaration }) => ["MethodDeclaration", "MethodSignature"].includes(syntax.kindName(declaration)));
}

function oneMajor<Site extends { fileName: string }>(sites: readonly Site[], isMethod: (site: Site) => boolean): 1 | 2 | undefined {
  let major: 1 | 2 | undefined;
  for (const site of sites) {
    if (!isMethod(site)) return undefined;
    const found = sdkMajorOfFile(site.fileName);
    if (found === undefined || (major !== undefined && found !== major)) return undefined;
    major = found;
  }
  return major;
}

/**
 * The SDK major a whole program uses, when it uses one: tool objects are often registered by a
 * loop or a helper the analyser does not tie to them, and then take this.
 */
export function programSdkMajor(project: EngineProject): 1 | 2 | undefined {
  const found = new Set<1 | 2>();
  for (const fileName of project.programFileNames()) {
    if (!isDeclarationFileName(fileName)) continue;
    const major = sdkMajorOfFile(fileName);
    if (major !== undefined) found.add(major);
    if (found.size > 1) return undefined;
  }
  return found.size === 1 ? [...found][0] : undefined;
}
