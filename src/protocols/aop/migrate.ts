import { type ProtocolMigration, joined, kitCall, legacyObject, plainStep } from "../../migrate/formatter-call-parts.js";

/** How migrate moves a legacy response onto AOP's formatters: its free text is the final block; AOP says "error" itself. */
export const aopMigration: ProtocolMigration = {
  step: plainStep,
  stepKit: [],
  success: (exit, { formatter, name }) => ({
    text: `${formatter}(${exit.payload}, ${kitCall("legacyParts", name, legacyObject([["final", joined(exit.notes)]]))})`,
    kit: ["legacyParts"],
  }),
  error: (exit, { formatter, name }) => ({
    text: `${formatter}Error(legacyErrorParts(${name}, ${legacyObject([
      ["message", exit.message],
      ["code", exit.code],
      ["recovery", exit.recovery],
    ])}))`,
    kit: ["legacyErrorParts"],
  }),
};
