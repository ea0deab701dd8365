import type { ProtocolId } from "./protocol.js";

/**
 * Where a protocol's JSON Schema and its validator may disagree: the rules only the validator
 * checks, each with why a JSON Schema cannot say it. Everything else they judge alike, and a
 * property test (test/protocols/schema-agreement.test.ts) holds them to it on generated mutants of
 * valid responses, allowing exactly these differences. The text protocols' schemas describe their
 * parsed documents and write this list into their `description`.
 */
export interface ValidatorOnlyRule {
  /** The validator's problem message for the rule. */
  readonly message: RegExp;
  /** The rule, as a reader would put it. */
  readonly rule: string;
  readonly reason: string;
  /** Set when the rule needs a validator option the schema does not take (`--tools`, `--variant`). */
  readonly option?: "tools" | "variant" | "warningIds";
}

const CALL_TOOL_RESULT = "the schema describes the parsed text, not the MCP CallToolResult that carries it";

/** Rules on a captured CallToolResult of a text protocol (AOP, ACOR). */
function callToolResultRules(kind: string): ValidatorOnlyRule[] {
  return [
    {
      message: /^expected .* text, or a CallToolResult|^expected .* Markdown, or a CallToolResult|^expected exactly one text block/,
      rule: `a CallToolResult carries the ${kind} in exactly one text block`,
      reason: CALL_TOOL_RESULT,
    },
    { message: /^isError (must be true|is true but)/, rule: "isError is true exactly for error output", reason: CALL_TOOL_RESULT },
  ];
}

const TOOL_NAMES = "the tool names are the server's, given to the validator at run time; the schema is the protocol's";

export const VALIDATOR_ONLY_RULES: { readonly [P in ProtocolId]: readonly ValidatorOnlyRule[] } = {
  aorp: [
    { message: /^names unknown tool /, rule: "next steps name the server's tools", reason: TOOL_NAMES, option: "tools" },
    {
      message: /^must equal active_responses \/ total_perspectives/,
      rule: "an analysis response's completeness is active_responses / total_perspectives",
      reason: "a JSON Schema cannot compute one value from two others",
      option: "variant",
    },
  ],
  "smart-v2": [
    { message: /^names unknown tool /, rule: "tool references name the server's tools", reason: TOOL_NAMES, option: "tools" },
    {
      message: /^names unknown warning ID /,
      rule: "warning IDs are the server's declared constants",
      reason: "the warning IDs are the server's, given to the validator at run time",
      option: "warningIds",
    },
  ],
  guidance: [{ message: /^names unknown tool /, rule: "available actions name the server's tools", reason: TOOL_NAMES, option: "tools" }],
  aop: [
    { message: /^text outside any AOP block$/, rule: "no text outside the blocks", reason: "the parsed document keeps the blocks only" },
    {
      message: /^malformed AOP marker: /,
      rule: "marker lines are well formed",
      reason: "parsing keeps what a marker says, not how its line was written",
    },
    { message: /^unknown AOP marker type /, rule: "marker types are the five of the document", reason: "a block of unknown type is not kept" },
    {
      message: /^END-AOP-\S+ (without an open|does not match|closes )|block is never closed/,
      rule: "END markers close the innermost open block of their type",
      reason: "the parsed tree is well nested by construction; the order of the marker lines is gone",
    },
    { message: /^duplicate attribute /, rule: "attribute names are unique per marker", reason: "the parsed attributes keep the first value" },
    {
      message: /^AOP-FINAL block must begin with the pass-through instruction line/,
      rule: "FINAL blocks begin with the pass-through instruction",
      reason: "parsing strips the instruction line, so the content cannot show whether it was there",
    },
    ...callToolResultRules("AOP text"),
  ],
  acor: [
    {
      message:
        /^unknown ACOR message type |^Input Needed takes no title|^Status needs a state|^unknown status |^progress must be |^Error needs a title|^AI Directive needs an action/,
      rule: "every ## header is one of the seven message types, well formed",
      reason: "a message whose header cannot be read is not kept",
    },
    { message: /^text before the first ACOR message header$/, rule: "nothing before the first header", reason: "the parsed document keeps the messages only" },
    { message: /^code block is never closed$/, rule: "code blocks are closed", reason: "the parsed document keeps no code fences" },
    {
      message: /^json code block is not valid JSON$/,
      rule: "an Output's json code blocks parse",
      reason: "the parsed Output keeps the first block that parses, not the ones that do not",
    },
    {
      message: /^Input Needed must be the last message/,
      rule: "Input Needed is the last message",
      reason: "a JSON Schema cannot tie an array item's kind to its position for arrays of any length",
    },
    ...callToolResultRules("ACOR Markdown"),
  ],
};

/** Whether a validator problem is one of the protocol's validator-only rules. */
export function isValidatorOnly(protocol: ProtocolId, message: string): boolean {
  return VALIDATOR_ONLY_RULES[protocol].some((rule) => rule.message.test(message));
}

/** The sentence a schema's `description` carries about what it does not check. */
export function validatorOnlyDescription(protocol: ProtocolId): string {
  const rules = VALIDATOR_ONLY_RULES[protocol];
  return `Only the validator checks: ${rules.map((rule) => `${rule.rule} (${rule.reason})`).join("; ")}.`;
}
