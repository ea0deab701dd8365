import { basename, extname } from "node:path";
import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { getPropertyValue, unwrapExpression } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";
import { xmcpProject } from "./xmcp-project.js";
import {
  isExportAssignment,
  isExpression,
  isFunctionDeclaration,
  isIdentifier,
  isObjectLiteralExpression,
  isVariableStatement,
  kindOf,
} from "../engine/ast.js";

function exportedConst(file: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  for (const statement of file.statements) {
    if (!isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => kindOf(m) === SyntaxKind.ExportKeyword)) continue;
    const declaration = statement.declarationList.declarations.find((d) => isIdentifier(d.name) && d.name.text === name);
    if (declaration) return declaration;
  }
  return undefined;
}

/** The default export: `export default function`, `export default async (...) => ...`, or `export default handler`. */
function defaultExport(file: ts.SourceFile): ts.Node | undefined {
  for (const statement of file.statements) {
    if (isFunctionDeclaration(statement) && statement.modifiers?.some((m) => kindOf(m) === SyntaxKind.DefaultKeyword)) {
      return statement;
    }
    if (isExportAssignment(statement) && !statement.isExportEquals) return statement.expression;
  }
  return undefined;
}

/**
 * xmcp: one file per tool in the tools folder (`src/tools`, or `paths.tools` of xmcp.config.ts),
 * exporting a default handler, and optionally `schema` and `metadata`. The tool is named by
 * `metadata.name`, or by its file's base name as xmcp itself does. In a project that is not known
 * to use xmcp (no xmcp.config, no dependency), files under any `tools/` folder count when they
 * export `metadata`.
 */
export function createXmcpDiscoverer(): Discoverer {
  return {
    style: "xmcp",
    visitSourceFile(file, { session }): ToolCandidate[] {
      const path = session.relativePath(file.fileName);
      const project = xmcpProject(session);
      if (project) {
        if (project.toolsDir === null || !(path.startsWith(`${project.toolsDir}/`) || project.toolsDir === "" || project.toolsDir === ".")) return [];
      } else if (!/(^|\/)tools\//.test(path)) {
        return [];
      }
      const handler = defaultExport(file);
      const metadata = exportedConst(file, "metadata");
      if (!handler || (!metadata && !project)) return [];
      const metadataObject = metadata?.initializer ? unwrapExpression(metadata.initializer) : undefined;
      const metadataLiteral = metadataObject && isObjectLiteralExpression(metadataObject) ? metadataObject : undefined;
      const nameNode = metadataLiteral ? getPropertyValue(metadataLiteral, "name") : undefined;
      const schema = exportedConst(file, "schema");
      return [
        {
          style: "xmcp",
          name: nameNode && isExpression(nameNode) ? { expression: nameNode } : { text: basename(file.fileName, extname(file.fileName)), node: handler },
          registration: metadata ?? handler,
          description: metadataLiteral ? (getPropertyValue(metadataLiteral, "description") ?? null) : null,
          input: schema?.initializer ?? null,
          handler,
          returnScope: null,
          payloadMode: "raw",
        },
      ];
    },
  };
}
