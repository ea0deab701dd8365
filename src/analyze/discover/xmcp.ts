import { basename, extname } from "node:path";
import { ts } from "ts-morph";
import { getPropertyValue, unwrapExpression } from "../syntax.js";
import type { Discoverer, ToolCandidate } from "./candidate.js";

function exportedConst(file: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const declaration = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if (declaration) return declaration;
  }
  return undefined;
}

/** The default export: `export default function`, `export default async (...) => ...`, or `export default handler`. */
function defaultExport(file: ts.SourceFile): ts.Node | undefined {
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) {
      return statement;
    }
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) return statement.expression;
  }
  return undefined;
}

/**
 * xmcp: one file per tool under a `tools/` folder, exporting `schema`, `metadata` and a default
 * handler. The tool is named by `metadata.name`, or by its file name as xmcp itself does.
 */
export function createXmcpDiscoverer(): Discoverer {
  return {
    style: "xmcp",
    visitSourceFile(file, { session }): ToolCandidate[] {
      if (!/(^|\/)tools\//.test(session.relativePath(file.fileName))) return [];
      const handler = defaultExport(file);
      const metadata = exportedConst(file, "metadata");
      if (!handler || !metadata) return [];
      const metadataObject = metadata.initializer ? unwrapExpression(metadata.initializer) : undefined;
      const metadataLiteral = metadataObject && ts.isObjectLiteralExpression(metadataObject) ? metadataObject : undefined;
      const nameNode = metadataLiteral ? getPropertyValue(metadataLiteral, "name") : undefined;
      const schema = exportedConst(file, "schema");
      return [
        {
          style: "xmcp",
          name:
            nameNode && ts.isExpression(nameNode)
              ? { expression: nameNode }
              : { text: basename(file.fileName, extname(file.fileName)), node: handler },
          registration: metadata,
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
