import { CheckCodes } from "../codes.js";
import type { Rule } from "./rule.js";

// The three guidance rules are one ladder: a stub missing, then unfilled success guidance, then
// unfilled error guidance; a tool gets the first rung it stands on, so one fix at a time is asked.

export const guidanceMissing: Rule = {
  code: CheckCodes.guidanceMissing,
  title: "guidance stub missing",
  find: ({ tool, stub }) =>
    stub && !stub.exists
      ? [{ file: tool.file, line: tool.line, message: `tool "${tool.name}" has no guidance stub ${stub.path}: run \`mcp-conform generate\` to scaffold it` }]
      : [],
};

export const guidanceUnfilled: Rule = {
  code: CheckCodes.guidanceUnfilled,
  title: "guidance stub unfilled",
  find: ({ tool, stub }) => {
    if (!stub?.exists || stub.successUnfilled === 0) return [];
    const markers = stub.successUnfilled + stub.errorUnfilled;
    return [
      {
        file: stub.path,
        line: stub.firstSuccessUnfilledLine ?? 1,
        message: `the guidance of tool "${tool.name}" is still unfilled (${markers} unfilled marker${markers === 1 ? "" : "s"})`,
      },
    ];
  },
};

export const errorGuidanceUnfilled: Rule = {
  code: CheckCodes.errorGuidanceUnfilled,
  title: "error guidance unfilled",
  find: ({ tool, stub }) =>
    stub?.exists && stub.successUnfilled === 0 && stub.errorUnfilled > 0
      ? [
          {
            file: stub.path,
            line: stub.firstErrorUnfilledLine ?? 1,
            message: `tool "${tool.name}" has no recovery guidance on its error paths: errorGuidance in ${stub.path} is still unfilled`,
          },
        ]
      : [],
};
