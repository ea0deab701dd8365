import type { ts } from "../compiler.cjs";
import { resolveFunction } from "../analyze/resolve/handler.js";
import type { AnalysisSession } from "../analyze/session.js";
import { propertyNameText, unwrapExpression } from "../analyze/syntax.js";
import { mayCallDeclared } from "./declared-names.js";
import {
  forEachChild,
  isArrayLiteralExpression,
  isCallExpression,
  isConditionalExpression,
  isExpression,
  isIdentifier,
  isNoSubstitutionTemplateLiteral,
  isObjectLiteralExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isPropertyDeclaration,
  isStringLiteral,
  isTemplateExpression,
} from "../analyze/engine/ast.js";

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

/** In a step object, the keys that hold the tool's name. */
const STEP_TOOL_KEYS = new Set(["tool", "name", "toolName", "tool_name", "action"]);

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

/** What one function (or stub) says itself, and the project functions it calls; shared across tools. */
export interface NodeFacts {
  mentions: ToolMention[];
  callees: ts.Node[];
}

/**
 * Tool-like names in next steps, available actions and related tools, within `roots` and the
 * project functions they call (transitively, each function once). Pass one `cache` for a whole run:
 * helpers shared by many tools are then read once. `declared`: the names the project declares
 * (declared-names.ts); a call of another name reaches no project function and is not asked about.
 */
export function collectToolMentions(
  session: AnalysisSession,
  roots: readonly ts.Node[],
  skipFile: (fileName: string) => boolean,
  cache: Map<ts.Node, NodeFacts> = new Map(),
  declared?: ReadonlySet<string>,
): ToolMention[] {
  const mentions: ToolMention[] = [];
  const seen = new Set<ts.Node>();
  const queue = [...roots];
  while (queue.length > 0) {
    const root = queue.shift()!;
    if (seen.has(root)) continue;
    seen.add(root);
    let facts = cache.get(root);
    if (!facts) {
      facts = readNode(session, root, skipFile, declared);
      cache.set(root, facts);
    }
    mentions.push(...facts.mentions);
    for (const callee of facts.callees) if (!seen.has(callee)) queue.push(callee);
  }
  return mentions;
}

function readNode(session: AnalysisSession, root: ts.Node, skipFile: (fileName: string) => boolean, declared: ReadonlySet<string> | undefined): NodeFacts {
  const mentions: ToolMention[] = [];
  const callees: ts.Node[] = [];
  // Only where a tool name stands: the string itself, array elements, the `tool`/`name` of a step
  // object, a builder's first argument; never a step's parameters (`{ recipe_id: "dal_1" }`).
  const strings = (node: ts.Node): void => {
    const value = isExpression(node) ? unwrapExpression(node) : node;
    if (isStringLiteral(value) || isNoSubstitutionTemplateLiteral(value)) {
      const name = mentionIn(value.text);
      if (name) mentions.push({ name, node: value });
    } else if (isTemplateExpression(value)) {
      const name = mentionIn(value.head.text);
      if (name) mentions.push({ name, node: value });
    } else if (isArrayLiteralExpression(value)) {
      value.elements.forEach(strings);
    } else if (isConditionalExpression(value)) {
      strings(value.whenTrue);
      strings(value.whenFalse);
    } else if (isObjectLiteralExpression(value)) {
      for (const property of value.properties) {
        if (isPropertyAssignment(property) && STEP_TOOL_KEYS.has(propertyNameText(property.name) ?? "")) strings(property.initializer);
      }
    } else if (isCallExpression(value) && value.arguments[0]) {
      strings(value.arguments[0]);
    }
  };
  const visit = (node: ts.Node): void => {
    if ((isPropertyAssignment(node) || isPropertyDeclaration(node)) && TOOL_LIST_PROPERTIES.has(propertyNameText(node.name) ?? "") && node.initializer) {
      strings(node.initializer);
    }
    if (isCallExpression(node)) {
      const callee = unwrapExpression(node.expression);
      if ((isIdentifier(callee) || isPropertyAccessExpression(callee)) && mayCallDeclared(node, declared)) {
        const target = resolveFunction(callee, session.checker);
        if (target && isProjectFile(session, target.getSourceFile()) && !skipFile(target.getSourceFile().fileName)) callees.push(target);
      }
    }
    forEachChild(node, visit);
  };
  visit(root);
  return { mentions, callees };
}
