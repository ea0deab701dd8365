import { ts } from "ts-morph";
import { resolveFunction } from "../analyze/resolve/handler.js";
import type { AnalysisSession } from "../analyze/session.js";
import { propertyNameText, unwrapExpression } from "../analyze/syntax.js";

/** Properties whose strings name tools the model may call next. */
const TOOL_LIST_PROPERTIES = new Set([
  "nextSteps",
  "next_steps",
  "next_action",
  "nextAction",
  "relatedTools",
  "related_tools",
  "alternativeTools",
  "alternative_tools",
  "available_actions",
  "availableActions",
]);

/** The leading `snake_case` word of a string: what a next step like `"get_quote - refresh it"` names. */
const LEADING_TOOL = /^[a-z][a-z0-9_]*/;

export interface ToolMention {
  name: string;
  node: ts.Node;
}

function mentionIn(text: string): string | null {
  const token = LEADING_TOOL.exec(text)?.[0];
  return token && token.includes("_") ? token : null;
}

function isProjectFile(session: AnalysisSession, file: ts.SourceFile): boolean {
  return !file.isDeclarationFile && !session.program.isSourceFileFromExternalLibrary(file) && !/[\\/]node_modules[\\/]/.test(file.fileName);
}

/**
 * Tool-like names in next steps, available actions and related tools, within `roots` and the
 * project functions they call (transitively, each function once). Strings are read inside the
 * values of the properties above only: a name in free text is not a promise to call it.
 */
export function collectToolMentions(session: AnalysisSession, roots: readonly ts.Node[], skipFile: (fileName: string) => boolean): ToolMention[] {
  const mentions: ToolMention[] = [];
  const seen = new Set<ts.Node>();
  const queue = [...roots];
  const strings = (value: ts.Node): void => {
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) || ts.isTemplateHead(value)) {
      const name = mentionIn(value.text);
      if (name) mentions.push({ name, node: value });
    }
    ts.forEachChild(value, strings);
  };
  while (queue.length > 0) {
    const root = queue.shift()!;
    if (seen.has(root)) continue;
    seen.add(root);
    const visit = (node: ts.Node): void => {
      if ((ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) && TOOL_LIST_PROPERTIES.has(propertyNameText(node.name) ?? "") && node.initializer) {
        strings(node.initializer);
      }
      if (ts.isCallExpression(node)) {
        const callee = unwrapExpression(node.expression);
        if (ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee)) {
          const target = resolveFunction(callee, session.checker);
          if (target && !seen.has(target) && isProjectFile(session, target.getSourceFile()) && !skipFile(target.getSourceFile().fileName)) queue.push(target);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(root);
  }
  return mentions;
}
