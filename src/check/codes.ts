/** `check`'s problem codes: stable, and documented in the README ("check"). Never renumber. */
export const CheckCodes = {
  /** A return path's type is not assignable to the tool's `ConformingResult`. */
  nonConformingReturn: "MCPC101",
  /** A path throws instead of returning the protocol's error envelope. */
  throws: "MCPC102",
  /** The handler is not wrapped with `conform(name, handler)`. */
  notWrapped: "MCPC103",
  /** The handler or its return paths cannot be found, so conformance cannot be judged. */
  unknownPaths: "MCPC104",
  /** The guidance stub of the tool does not exist. */
  guidanceMissing: "MCPC105",
  /** The guidance stub still has unfilled success guidance. */
  guidanceUnfilled: "MCPC106",
  /** The guidance stub's error guidance (`errorGuidance`) is still unfilled. */
  errorGuidanceUnfilled: "MCPC107",
  /** A warning is a plain string, with no structured ID. */
  unstructuredWarning: "MCPC108",
  /** A warning's ID is not among the generated `WARNINGS`. */
  unknownWarningId: "MCPC109",
  /** A next step, available action or related tool names a tool that does not exist. */
  unknownTool: "MCPC110",
  /** The tool's declared `outputSchema` does not accept the envelope it answers with. */
  outputSchemaRejectsEnvelope: "MCPC111",
  /** A return sends placeholder content: parts the kit filled with neutral values. */
  placeholder: "MCPC112",
  /** A dispatcher serialises a handler's result into a text block (the client gets a result inside a result). */
  reserialised: "MCPC113",
  /** A handler or stub is written for another protocol's generated output than the configured one. */
  otherProtocol: "MCPC114",
} as const;

/** One of `check`'s problem codes. */
export type CheckCode = (typeof CheckCodes)[keyof typeof CheckCodes];

export const CHECK_CODES: readonly CheckCode[] = Object.values(CheckCodes);

/**
 * How a rule's problems count, as the config's `rules` sets them (ESLint's words): `error` fails
 * `check`, `warn` is reported without failing it, `off` is not reported. Every rule is `error`
 * unless the config says otherwise.
 */
export type RuleSeverity = "error" | "warn" | "off";

export const RULE_SEVERITIES: readonly RuleSeverity[] = ["error", "warn", "off"];

export type RuleSeverities = Partial<Record<CheckCode, RuleSeverity>>;
