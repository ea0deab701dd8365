import type { ts } from "../../compiler.cjs";
import type { AnalysisChecker } from "../engine/engine.js";
import { declarationsWhere, mayHoldCode } from "../engine/declarations-where.js";
import { CLASS_LIKE_KINDS, SymbolFlags, SyntaxKind } from "../engine/ts6-enums.generated.js";
import { propertyNameText, unwrapExpression } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import {
  hasModifier,
  isClassLike,
  isConstructorDeclaration,
  isIdentifier,
  isPropertyAccessExpression,
  isPropertyDeclaration,
  isVariableDeclaration,
  kindField,
} from "../engine/ast.js";

/** The expression of a class's `extends` clause (`MCPTool<T>`'s `MCPTool`), if it has one. */
function extendsExpression(node: ts.ClassLikeDeclaration): ts.Expression | undefined {
  for (const clause of node.heritageClauses ?? []) {
    if (kindField(clause, clause.token) !== SyntaxKind.ExtendsKeyword) continue;
    const [heritage] = clause.types;
    if (heritage) return unwrapExpression(heritage.expression);
  }
  return undefined;
}

function namesMcpTool(base: ts.Expression): boolean {
  const text = isIdentifier(base) ? base.text : isPropertyAccessExpression(base) ? base.name.text : "";
  return text === "MCPTool";
}

/**
 * The class an `extends` clause names, through imports (`import { BaseTool } from "./base.js"`),
 * or "MCPTool" when it is mcp-framework's under another name (`import { MCPTool as Tool }`).
 */
function baseClassOf(base: ts.Expression, checker: AnalysisChecker): ts.ClassLikeDeclaration | "MCPTool" | undefined {
  if (!isIdentifier(base) && !isPropertyAccessExpression(base)) return undefined;
  let symbol = checker.getSymbolAtLocation(isPropertyAccessExpression(base) ? base.name : base);
  if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (!symbol) return undefined;
  if (symbol.name === "MCPTool") return "MCPTool";
  // A declaration file's classes may lead to MCPTool (a package's base class); its variables hold
  // no class expression: they are passed over unread (lib.es5.d.ts's `Error`, on TypeScript 7).
  for (const declaration of declarationsWhere(symbol, checker, (fileName, kind) => CLASS_LIKE_KINDS.has(kind) || mayHoldCode(fileName))) {
    if (isClassLike(declaration)) return declaration;
    // `const BaseTool = class extends MCPTool { ... }`
    if (isVariableDeclaration(declaration) && declaration.initializer) {
      const initializer = unwrapExpression(declaration.initializer);
      if (isClassLike(initializer)) return initializer;
    }
  }
  return undefined;
}

/**
 * The classes from `node` up to mcp-framework's `MCPTool`, `node` first, when its base-class chain
 * reaches it: directly, or through the project's own (often abstract, often generic) base classes,
 * in any file (`class ListBooks extends ApiTool<Input>`, `abstract class ApiTool<T> extends MCPTool<T>`).
 * Undefined when it does not, a cycle (which `tsc` rejects) included. Only an `extends` clause
 * that does not name MCPTool is asked of the checker: a direct subclass costs it nothing.
 */
function chainToMcpTool(node: ts.ClassLikeDeclaration, checker: AnalysisChecker): ts.ClassLikeDeclaration[] | undefined {
  const chain: ts.ClassLikeDeclaration[] = [];
  let current: ts.ClassLikeDeclaration | undefined = node;
  while (current && !chain.includes(current)) {
    chain.push(current);
    const base = extendsExpression(current);
    if (!base) return undefined;
    if (namesMcpTool(base)) return chain;
    const next = baseClassOf(base, checker);
    if (next === "MCPTool") return chain;
    current = next;
  }
  return undefined;
}

/**
 * The member `key` the tool has at run time: the nearest class of the chain that declares it
 * (the tool's own `name`, a `schema` or `execute` its base class shares), abstract declarations
 * left out (they only promise one).
 */
function member(chain: readonly ts.ClassLikeDeclaration[], key: string): ts.ClassElement | undefined {
  for (const node of chain) {
    const found = node.members.find(
      (element) => propertyNameText(element.name) === key && !isConstructorDeclaration(element) && !hasModifier(element, SyntaxKind.AbstractKeyword),
    );
    if (found) return found;
  }
  return undefined;
}

function initializerOf(element: ts.ClassElement | undefined): ts.Expression | null {
  if (element && isPropertyDeclaration(element) && element.initializer) return element.initializer;
  return null;
}

/**
 * mcp-framework: `class X extends MCPTool { name = ...; description = ...; schema = ...; async execute(input) {} }`,
 * or a class that extends MCPTool through base classes of the project. An abstract class is a
 * base the tools share, not a tool: it gets no MCPA002 for having no name (mcp-framework's loader
 * drops a nameless base it finds among the tools).
 */
export function createMcpFrameworkDiscoverer(): Discoverer {
  return {
    style: "mcp-framework",
    visitClass(node, context): ToolCandidate[] {
      if (!extendsExpression(node) || hasModifier(node, SyntaxKind.AbstractKeyword)) return [];
      const chain = chainToMcpTool(node, context.session.checker);
      if (!chain) return [];
      const nameInitializer = initializerOf(member(chain, "name"));
      const execute = member(chain, "execute");
      const handler = execute && isPropertyDeclaration(execute) ? (execute.initializer ?? null) : (execute ?? null);
      if (!nameInitializer) {
        const through = chain.length > 1 ? ` (through ${chain[1]!.name?.text ?? "an anonymous class"})` : "";
        context.report(
          {
            severity: "warning",
            code: "MCPA002",
            message: `class ${node.name?.text ?? "(anonymous)"} extends MCPTool${through} but has no \`name = ...\` initializer; its tool name cannot be resolved`,
          },
          node.name ?? node,
        );
        return [];
      }
      return [
        {
          style: "mcp-framework",
          name: { expression: nameInitializer },
          registration: node,
          description: initializerOf(member(chain, "description")),
          input: initializerOf(member(chain, "schema")),
          handler,
          returnScope: null,
          payloadMode: "raw",
        },
      ];
    },
  };
}
