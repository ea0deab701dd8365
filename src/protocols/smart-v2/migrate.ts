import { ts } from "../../compiler.cjs";
import {
  CannotRewrite,
  type ProtocolMigration,
  freeName,
  joined,
  kitCall,
  legacyObject,
  propertyType,
  readsWithoutEffects,
} from "../../migrate/formatter-call-parts.js";
import type { AnalysisChecker } from "../../analyze/engine/engine.js";

/**
 * A payload that is a SmartResponse V1 object, by its structure: a summary with a title and key
 * findings, the data, and metadata with the tool and a data quality (recommendations and context
 * are optional in V1, and their fields differ between servers).
 */
function isSmartResponseV1(type: ts.Type, checker: AnalysisChecker): boolean {
  const summary = propertyType(type, "summary", checker);
  const metadata = propertyType(type, "metadata", checker);
  return (
    summary !== undefined &&
    propertyType(summary, "title", checker) !== undefined &&
    propertyType(summary, "keyFindings", checker) !== undefined &&
    metadata !== undefined &&
    propertyType(metadata, "tool", checker) !== undefined &&
    propertyType(metadata, "dataQuality", checker) !== undefined &&
    propertyType(type, "data", checker) !== undefined
  );
}

/** A free name for a const that holds an error's message, in the function around `node`. */
function bindingFor(node: ts.Node | undefined): string {
  // Every exit migrate rewrites from the handler's own code has its node; a message it writes itself only reads names.
  if (node === undefined) throw new Error("an error message that calls something, without the node it was read from");
  const name = freeName(node, ["message", "errorMessage", "failure"]);
  if (name === undefined) throw new CannotRewrite("an error message that calls something, where no const can hold it: store it in a const first", node);
  return name;
}

/**
 * How migrate moves a legacy response onto SmartResponse V2's formatters: a V1 response through
 * `fromSmartResponseV1`, anything else with its free text as the conclusion; an error keeps the
 * words it was said with (`Error: ...`), since a V2 error envelope does not say "error" itself.
 */
export const smartV2Migration: ProtocolMigration = {
  step: (tool, params) => (params ? `nextStep(${tool}, ${params})` : `nextStep(${tool})`),
  stepKit: ["nextStep"],
  success(exit, { formatter, name, checker }, steps) {
    const type = exit.payloadType ?? checker.getTypeAtLocation(exit.payloadNode);
    if (isSmartResponseV1(type, checker)) {
      if (!ts.isIdentifier(exit.payloadNode)) {
        // Read twice (its data, and the rest): bound once, in a const before the return.
        const binding = freeName(exit.payloadNode, ["response", "smartResponse", "v1Response"]);
        if (binding === undefined)
          throw new CannotRewrite("a SmartResponse V1 object written inline in the result: store it in a const first", exit.payloadNode);
        return {
          text: `${formatter}(${binding}.data, fromSmartResponseV1(${name}, ${binding}))`,
          kit: ["fromSmartResponseV1"],
          bind: { name: binding, expression: exit.payload },
        };
      }
      return { text: `${formatter}(${exit.payload}.data, fromSmartResponseV1(${name}, ${exit.payload}))`, kit: ["fromSmartResponseV1"] };
    }
    return {
      text: `${formatter}(${exit.payload}, ${kitCall(
        "legacySections",
        name,
        legacyObject([
          ["conclusion", joined(exit.notes)],
          ["nextSteps", steps?.text],
        ]),
      )})`,
      kit: ["legacySections", ...(steps?.kit ?? [])],
    };
  },
  error(exit, { formatter, name, guidance }, steps) {
    const said = exit.labelled ?? exit.message;
    // Composed with the Guidance Pattern, the error formatter also takes the error for
    // `errorGuidance`: a message that calls something (`notFound("Task", id).message`) is bound
    // once, in a const before the return, rather than made twice.
    const binding = guidance && !readsWithoutEffects(said) ? bindingFor(exit.messageNode) : undefined;
    const message = binding ?? said;
    const sections = `legacyErrorSections(${name}, ${legacyObject([
      ["message", message],
      ["code", exit.code],
      ["nextSteps", steps?.text],
      ["recovery", exit.recovery],
    ])})`;
    return {
      text: `${formatter}Error(${sections}${guidance ? `, ${message}` : ""})`,
      kit: ["legacyErrorSections", ...(steps?.kit ?? [])],
      ...(binding === undefined ? {} : { bind: { name: binding, expression: said } }),
    };
  },
};
