import { CheckCodes } from "../codes.js";
import { QUOTED_TYPE_CHARS } from "../facts.js";
import type { Rule } from "./rule.js";

const ERROR_OR_SUCCESS = (isError: boolean): string => (isError ? "an error" : "a success");

export const nonConformingReturn: Rule = {
  code: CheckCodes.nonConformingReturn,
  title: "return path does not conform to the protocol",
  find: ({ tool, exits }) =>
    exits.exits.flatMap((exit) =>
      exit.verdict === "non-conforming"
        ? [
            {
              ...exit.where,
              message: `tool "${tool.name}" returns ${quoted(abbreviate(exit.shown ?? "void"))} on ${ERROR_OR_SUCCESS(exit.isError)} path, not ConformingResult<"${tool.name}">: return its formatter's result`,
            },
          ]
        : [],
    ),
};

export const throws: Rule = {
  code: CheckCodes.throws,
  title: "throws instead of returning an error envelope",
  find: ({ tool, exits }) => [
    ...exits.exits.flatMap((exit) =>
      exit.verdict === "throws"
        ? [{ ...exit.where, message: `tool "${tool.name}" throws instead of returning an error envelope (return its error formatter's result)` }]
        : [],
    ),
    ...exits.throwsInCallees.map((thrown) => ({
      ...thrown.where,
      message: `tool "${tool.name}" throws in ${thrown.calleeName} (${thrown.calledAt.file}:${thrown.calledAt.line}), which its handler calls outside any try/catch: the client gets that error's text, not an error envelope; catch it in the handler and return its error formatter's result`,
    })),
  ],
};

export const unknownPaths: Rule = {
  code: CheckCodes.unknownPaths,
  title: "return paths cannot be found",
  find: ({ tool, exits }) =>
    exits.found
      ? []
      : [
          {
            file: tool.handler?.file ?? tool.file,
            line: tool.handler?.line ?? tool.line,
            message: `the return paths of tool "${tool.name}" cannot be found, so its conformance cannot be judged`,
          },
        ],
};

export const placeholder: Rule = {
  code: CheckCodes.placeholder,
  title: "sends placeholder content",
  find: ({ tool, exits }) =>
    exits.exits.flatMap((exit) =>
      exit.verdict === "placeholder" && exit.placeholders
        ? [
            {
              ...exit.where,
              message: `tool "${tool.name}" sends placeholder ${exit.placeholders.parts.join(", ")} on ${ERROR_OR_SUCCESS(exit.isError)} path: neutral values the legacy response never said; give each in the second argument of ${exit.placeholders.source}`,
            },
          ]
        : [],
    ),
};

/** As code: a returned literal may hold a template literal, so its backticks take a double fence (as Markdown reads it). */
function quoted(code: string): string {
  return code.includes("`") ? `\`\` ${code} \`\`` : `\`${code}\``;
}

function abbreviate(type: string): string {
  return type.length > QUOTED_TYPE_CHARS ? `${type.slice(0, QUOTED_TYPE_CHARS - 3)}...` : type;
}
