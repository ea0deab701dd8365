import { ts } from "../compiler.cjs";
import type { AnalysisSession } from "../analyze/session.js";
import { DispatchIndex, type SerialisingDispatch } from "../check/dispatchers.js";
import type { TextEdit } from "./text-edits.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * A dispatcher that serialises its tools' results (check/dispatchers.ts), rewritten to pass them
 * through: the result it builds around the handler's value becomes that value. When the handler
 * member it calls is declared with a return type that is not a result (`Promise<unknown>`), that
 * type becomes `Promise<ConformingResult<ToolName>>`: the pass-through type-checks, and tsc holds
 * every tool object of that type to the protocol from then on.
 */
export interface DispatcherGroup {
  /** The tools it runs (every one must be migrated for it to pass results through). */
  tools: string[];
  /** The result it builds: where the dispatcher is reported. */
  where: { file: string; line: number };
  /** Why it cannot be rewritten; its tools are then left alone. */
  reason: string | null;
  edits: (TextEdit & { fileName: string; imports: [string, string][] })[];
}

const RESULT = "ConformingResult<ToolName>";

function isProjectFile(file: ts.SourceFile): boolean {
  return !file.isDeclarationFile && !/[\\/]node_modules[\\/]/.test(file.fileName);
}

/** The return type written on a handler member: `handler(args): Promise<X>` or `handler: (args) => Promise<X>`. */
function declaredReturn(member: ts.Declaration): ts.TypeNode | undefined {
  if ((ts.isMethodSignature(member) || ts.isMethodDeclaration(member)) && member.type) return member.type;
  if ((ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) && member.type && ts.isFunctionTypeNode(member.type)) return member.type.type;
  return undefined;
}

function retype(
  dispatch: SerialisingDispatch,
  checker: AnalysisChecker,
  module: (name: string) => string,
): { edit?: DispatcherGroup["edits"][number]; reason?: string } {
  const member = dispatch.member;
  if (!member) return {};
  const typeNode = declaredReturn(member);
  if (!typeNode) return {};
  const declared = checker.getTypeFromTypeNode(typeNode);
  const awaited = checker.getAwaitedType(declared) ?? declared;
  // Already a result (`Promise<CallToolResult>`): the pass-through type-checks as it is.
  if ((awaited.flags & ts.TypeFlags.Any) === 0 && checker.getPropertyOfType(awaited, "content")) return {};
  const file = typeNode.getSourceFile();
  if (!isProjectFile(file))
    return {
      reason: `the handlers' type is declared outside the project (${checker.typeToString(declared)}), so the dispatcher cannot pass results through; return the handler's result there by hand`,
    };
  const promised =
    ts.isTypeReferenceNode(typeNode) && ts.isIdentifier(typeNode.typeName) && typeNode.typeName.text === "Promise" && typeNode.typeArguments?.length === 1
      ? typeNode.typeArguments[0]!
      : undefined;
  const target = promised ?? typeNode;
  const text = promised ? RESULT : `${RESULT} | Promise<${RESULT}>`;
  return {
    edit: {
      fileName: file.fileName,
      start: target.getStart(file),
      end: target.getEnd(),
      text,
      imports: [
        [module("conform.ts"), "type ConformingResult"],
        [module("tools.ts"), "type ToolName"],
      ],
    },
  };
}

/** Every re-serialising dispatcher of the project, with the tools it runs and its rewrite. */
export function planDispatchers(
  session: AnalysisSession,
  tools: readonly { name: string; registration: ts.Node | null }[],
  projectFiles: readonly ts.SourceFile[],
  module: (name: string) => string,
): DispatcherGroup[] {
  const index = new DispatchIndex(session.checker, projectFiles);
  const byResult = new Map<ts.Node, { dispatch: SerialisingDispatch; tools: string[] }>();
  for (const tool of tools) {
    for (const dispatch of index.serialising(tool.registration)) {
      const group = byResult.get(dispatch.result) ?? { dispatch, tools: [] };
      group.tools.push(tool.name);
      byResult.set(dispatch.result, group);
    }
  }
  return [...byResult.values()].map(({ dispatch, tools: served }) => {
    const file = dispatch.result.getSourceFile();
    const passThrough = dispatch.passThrough.getText(file);
    // `=> ({ content: [...] })`: the parentheses an object literal needed go with it.
    let replaced: ts.Node = dispatch.result;
    while (ts.isParenthesizedExpression(replaced.parent)) replaced = replaced.parent;
    const edits: DispatcherGroup["edits"] = [
      { fileName: file.fileName, start: replaced.getStart(file), end: replaced.getEnd(), text: passThrough, imports: [] },
    ];
    const typed = retype(dispatch, session.checker, module);
    if (typed.edit) edits.push(typed.edit);
    return { tools: served.sort(), where: session.where(dispatch.result), reason: typed.reason ?? null, edits };
  });
}
