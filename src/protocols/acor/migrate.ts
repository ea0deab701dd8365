import { type ProtocolMigration, joined, kitCall, legacyObject, plainStep } from "../../migrate/formatter-call-parts.js";

/** How migrate moves a legacy response onto ACOR's formatters: its free text is the summary, the tools it named what comes next. */
export const acorMigration: ProtocolMigration = {
  step: plainStep,
  stepKit: [],
  success: (exit, { formatter, name }, steps) => ({
    text: `${formatter}(${exit.payload}, ${kitCall(
      "legacyParts",
      name,
      legacyObject([
        ["summary", joined(exit.notes)],
        ["next", steps?.text],
      ]),
    )})`,
    kit: ["legacyParts"],
  }),
  error: (exit, { formatter, name }, steps) => ({
    text: `${formatter}Error(legacyErrorParts(${name}, ${legacyObject([
      ["message", exit.message],
      ["code", exit.code],
      ["next", steps?.text],
      ["recovery", exit.recovery],
    ])}))`,
    kit: ["legacyErrorParts"],
  }),
};
