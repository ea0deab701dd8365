import { ts } from "../../compiler.cjs";
import { CannotRewrite, type ProtocolMigration, joined, kitCall, legacyObject } from "../../migrate/formatter-call-parts.js";
import type { AnalysisChecker } from "../../analyze/engine/engine.js";

/** A payload that is itself an AORP envelope (immediate, actionable, quality, details). */
function isAorpEnvelope(type: ts.Type, checker: AnalysisChecker): boolean {
  return ["immediate", "actionable", "quality", "details"].every((name) => checker.getPropertyOfType(type, name) !== undefined);
}

/** How migrate moves a legacy response onto AORP's formatters: its free text is the key insight, the tools it named the next steps. */
export const aorpMigration: ProtocolMigration = {
  step: (tool, params) => (params ? `aorp.step(${tool}, ${params})` : `aorp.step(${tool})`),
  stepKit: ["aorp"],
  success(exit, { formatter, name, checker }, steps) {
    const type = exit.payloadType ?? checker.getTypeAtLocation(exit.payloadNode);
    if (isAorpEnvelope(type, checker)) {
      if (!ts.isIdentifier(exit.payloadNode))
        throw new CannotRewrite("a hand-written AORP envelope written inline in the result: store it in a const first", exit.payloadNode);
      return { text: `${formatter}(${exit.payload}.details.data, aorpLayers(${exit.payload}))`, kit: ["aorpLayers"] };
    }
    return {
      text: `${formatter}(${exit.payload}, ${kitCall(
        "legacyParts",
        name,
        legacyObject([
          ["key_insight", joined(exit.notes)],
          ["next_steps", steps?.text],
        ]),
      )})`,
      kit: ["legacyParts", ...(steps?.kit ?? [])],
    };
  },
  error(exit, { formatter, name }, steps) {
    return {
      text: `${formatter}Error(legacyErrorParts(${name}, ${legacyObject([
        ["message", exit.message],
        ["code", exit.code],
        ["next_steps", steps?.text],
        ["recovery", exit.recovery],
      ])}))`,
      kit: ["legacyErrorParts", ...(steps?.kit ?? [])],
    };
  },
};
