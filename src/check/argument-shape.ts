import type { ts } from "../compiler.cjs";
import type { AnalysisChecker } from "../analyze/engine/engine.js";
import { SymbolFlags, TypeFlags } from "../analyze/engine/ts6-enums.generated.js";
import { compareStrings } from "../compare-strings.js";

/**
 * Why an argument of a generated formatter that the checker finds not assignable was written for
 * another protocol, or null when it was not. A call written for another protocol passes that
 * protocol's parts (`{ final }` to AORP's `{ immediate, actionable, quality, details }`), or a
 * string where an object goes (the Guidance Pattern's `formatXError(message)`): the argument's
 * top-level fields are not the parameter's. The payload is the same in every protocol, and parts
 * with this protocol's fields and a wrong value in them (a number as a string, a variable not
 * narrowed where the code is unreachable) are a plain type error: `tsc` says which, and
 * "run migrate" would be the wrong advice.
 */
export function otherProtocolArgument(
  checker: AnalysisChecker,
  parameter: ts.ParameterDeclaration | undefined,
  actual: ts.Type,
  expected: ts.Type,
): string | null {
  if (parameter && isPayloadParameter(parameter)) return null;
  const given = fieldsOf(checker, checker.getNonNullableType(actual));
  const taken = fieldsOf(checker, checker.getNonNullableType(expected));
  // An object where a string goes, or the other way round; two primitives are a plain type error.
  if (given === null || taken === null) {
    if (given === taken) return null;
    const kind = (type: ts.Type, fields: unknown): string => (fields === null ? `\`${checker.typeToString(type)}\`` : "an object");
    return `is ${kind(actual, given)}, where the generated output's parameter takes ${kind(expected, taken)}`;
  }
  const unknown = [...given.keys()].filter((name) => !taken.has(name));
  const missing = [...taken].filter(([name, optional]) => !optional && !given.has(name)).map(([name]) => name);
  if (unknown.length === 0 && missing.length === 0) return null;
  return `has the fields ${listed(given.keys())}, where the generated output's parameter takes ${listed(taken.keys())}`;
}

/** The parameter the payload goes to: named so by every built-in template, typed from `ToolPayloads`. */
function isPayloadParameter(parameter: ts.ParameterDeclaration): boolean {
  const name = parameter.name.getText(parameter.getSourceFile());
  return /^payload$/i.test(name) || /\bTool?Payloads?\b|^Payload$/.test(parameter.type?.getText(parameter.getSourceFile()) ?? "");
}

/** An object type's top-level fields (whether each is optional), or null for a primitive. */
function fieldsOf(checker: AnalysisChecker, type: ts.Type): Map<string, boolean> | null {
  if ((type.flags & (TypeFlags.Object | TypeFlags.Intersection | TypeFlags.Union)) === 0) return null;
  if (type.isUnion() && !type.types.every((member) => (member.flags & (TypeFlags.Object | TypeFlags.Intersection)) !== 0)) return null;
  return new Map(checker.getPropertiesOfType(type).map((property) => [property.name, (property.flags & SymbolFlags.Optional) !== 0]));
}

function listed(names: Iterable<string>): string {
  return `{ ${[...names].sort(compareStrings).join(", ")} }`;
}
