import { CheckCodes } from "../codes.js";
import type { Rule } from "./rule.js";

export const unstructuredWarning: Rule = {
  code: CheckCodes.unstructuredWarning,
  title: "warning without a structured ID",
  find: ({ tool, warnings }) =>
    warnings.flatMap((warning) =>
      warning.id === null
        ? [
            {
              file: warning.file,
              line: warning.line,
              message: `tool "${tool.name}" emits the plain-string warning "${warning.message}": use an ID from WARNINGS (warnings.ts)`,
            },
          ]
        : [],
    ),
};

export const unknownWarningId: Rule = {
  code: CheckCodes.unknownWarningId,
  title: "warning ID not in the generated WARNINGS",
  find: ({ tool, warnings }) =>
    warnings.flatMap((warning) =>
      warning.id !== null && !warning.known
        ? [
            {
              file: warning.file,
              line: warning.line,
              message: `tool "${tool.name}" emits warning ID ${warning.id}, which is not in the generated WARNINGS: run \`mcp-conform generate\``,
            },
          ]
        : [],
    ),
};
