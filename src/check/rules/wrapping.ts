import { CheckCodes } from "../codes.js";
import type { Rule } from "./rule.js";

export const notWrapped: Rule = {
  code: CheckCodes.notWrapped,
  title: "handler not wrapped with conform()",
  find: ({ tool, wrapped }) =>
    wrapped
      ? []
      : [
          {
            file: tool.file,
            line: tool.line,
            message: `tool "${tool.name}" is not wrapped with conform("${tool.name}", handler), so tsc does not hold it to the protocol`,
          },
        ],
};
