import type { CheckCode } from "../codes.js";
import { errorGuidanceUnfilled, guidanceMissing, guidanceUnfilled } from "./guidance.js";
import { otherProtocol } from "./protocol.js";
import { nonConformingReturn, placeholder, throws, unknownPaths } from "./return-paths.js";
import type { Rule } from "./rule.js";
import { unknownTool } from "./tool-names.js";
import { unknownWarningId, unstructuredWarning } from "./warnings.js";
import { notWrapped } from "./wrapping.js";
import { outputSchemaRejectsEnvelope, reserialised } from "./wire.js";

export type { Finding, Rule } from "./rule.js";

/** Every rule of `check`, in code order: one per code (test/check/rules.test.ts holds it so). */
export const RULES: readonly Rule[] = [
  nonConformingReturn,
  throws,
  notWrapped,
  unknownPaths,
  guidanceMissing,
  guidanceUnfilled,
  errorGuidanceUnfilled,
  unstructuredWarning,
  unknownWarningId,
  unknownTool,
  outputSchemaRejectsEnvelope,
  placeholder,
  reserialised,
  otherProtocol,
];

/** A short title per code, for SARIF rules and the README. */
export const CHECK_CODE_TITLES: Readonly<Record<CheckCode, string>> = Object.fromEntries(RULES.map((rule) => [rule.code, rule.title])) as Record<
  CheckCode,
  string
>;
