import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { propertyNameText, unwrapExpression } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { isConstructorDeclaration, isIdentifier, isPropertyAccessExpression, isPropertyDeclaration, kindField } from "../engine/ast.js";

function extendsMcpTool(node: ts.ClassLikeDeclaration): boolean {
  for (const clause of node.heritageClauses ?? []) {
    if (kindField(clause, clause.token) !== SyntaxKind.ExtendsKeyword) continue;
    for (const heritage of clause.types) {
      const base = unwrapExpression(heritage.expression);
      const text = isIdentifier(base) ? base.text : isPropertyAccessExpression(base) ? base.name.text : "";
      if (text === "MCPTool") return true;
    }
  }
  return false;
}

function member(node: ts.ClassLikeDeclaration, key: string): ts.ClassElement | undefined {
  return node.members.find((element) => propertyNameText(element.name) === key && !isConstructorDeclaration(element));
}

function initializerOf(element: ts.ClassElement | undefined): ts.Expression | null {
  if (element && isPropertyDeclaration(element) && element.initializer) return element.initializer;
  return null;
}

/** mcp-framework: `class X extends MCPTool { name = ...; description = ...; schema = ...; async execute(input) {} }`. */
export function createMcpFrameworkDiscoverer(): Discoverer {
  return {
    style: "mcp-framework",
    visitClass(node, context): ToolCandidate[] {
      if (!extendsMcpTool(node)) return [];
      const nameInitializer = initializerOf(member(node, "name"));
      const execute = member(node, "execute");
      const handler = execute && isPropertyDeclaration(execute) ? (execute.initializer ?? null) : (execute ?? null);
      if (!nameInitializer) {
        context.report(
          {
            severity: "warning",
            code: "MCPA002",
            message: `class ${node.name?.text ?? "(anonymous)"} extends MCPTool but has no \`name = ...\` initializer; its tool name cannot be resolved`,
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
          description: initializerOf(member(node, "description")),
          input: initializerOf(member(node, "schema")),
          handler,
          returnScope: null,
          payloadMode: "raw",
        },
      ];
    },
  };
}
