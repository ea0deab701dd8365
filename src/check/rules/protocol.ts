import { CheckCodes } from "../codes.js";
import type { Rule } from "./rule.js";

export const otherProtocol: Rule = {
  code: CheckCodes.otherProtocol,
  title: "written for another protocol's output",
  find: ({ tool, misfits }) => misfits.map((misfit) => ({ file: misfit.file, line: misfit.line, message: `tool "${tool.name}": ${misfit.message}` })),
};
