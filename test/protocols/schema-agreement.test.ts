import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../src/package-root.js";
import { acorInputNeeded, acorJoin, acorStatus, parseAcor, validateAcor } from "../../src/protocols/acor/runtime.js";
import { envelopeSchema as acorSchema } from "../../src/protocols/acor/schema.js";
import { aopFinal, aopIntermediate, aopJoin, parseAop, validateAop } from "../../src/protocols/aop/runtime.js";
import { envelopeSchema as aopSchema } from "../../src/protocols/aop/schema.js";
import { validateAORPWithGuidance } from "../../src/protocols/aorp/index.js";
import { validateAORP } from "../../src/protocols/aorp/runtime.js";
import { envelopeSchema as aorpSchema } from "../../src/protocols/aorp/schema.js";
import { validateGuidanceEnvelope } from "../../src/protocols/guidance/runtime.js";
import { envelopeSchema as guidanceSchema } from "../../src/protocols/guidance/schema.js";
import type { JsonSchema, ProtocolId, ValidationProblem } from "../../src/protocols/protocol.js";
import { validateSmartResponseV2 } from "../../src/protocols/smart-v2/runtime.js";
import { envelopeSchema as smartSchema } from "../../src/protocols/smart-v2/schema.js";
import { validateCapturedSmartResponse } from "../../src/protocols/smart-v2/validate-captured.js";
import { VALIDATOR_ONLY_RULES, isValidatorOnly } from "../../src/protocols/validator-only-rules.js";
import { jsonMutant, textMutant } from "./shared/mutants.js";

/**
 * The JSON Schema of each protocol and its validator give the same verdict on generated mutants
 * of valid responses, for all five protocols (the JSON envelopes with and without a composed
 * guidance, with and without --strict; the text protocols' parsed documents). The one allowed
 * difference is listed in src/protocols/validator-only-rules.ts: the validator rejects, the
 * schema accepts, and every problem the validator found is one of those rules.
 *
 * Formats: none of the schemas declares a `format` (every date is a `pattern`, so ajv-formats, the
 * SDK's client and any other validator read it the same); the first test holds that, so a format
 * added later must be wired in here.
 */

const RUNS = Number(process.env["FUZZ_RUNS"] ?? 300);
const ajv = new Ajv2020({ strict: false });
const fixtures = join(packageRoot, "fixtures", "protocols");
const readJson = (...parts: string[]): unknown => JSON.parse(readFileSync(join(fixtures, ...parts), "utf8")) as unknown;
const readText = (...parts: string[]): string => readFileSync(join(fixtures, ...parts), "utf8");

function filesIn(protocol: string, folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(fixtures, protocol, folder))
    .filter((name) => !name.endsWith(".expected.json") && keep(name))
    .sort();
}

interface Agreement {
  name: string;
  protocol: ProtocolId;
  schema: JsonSchema;
  mutants: fc.Arbitrary<unknown>;
  validate(value: unknown): ValidationProblem[];
  /** What the schema is given: the value itself, or the text's parsed document. */
  schemaInput?(value: unknown): unknown;
}

// Seeds: the documents' own examples (and a few emitted outputs for the text protocols).
const aorpSeeds = filesIn("aorp", "examples", (name) => !name.startsWith("next-steps-")).map((name) => readJson("aorp", "examples", name));
const guidanceEnvelopes = filesIn("guidance", "examples", (name) => name.startsWith("envelope-")).map((name) => readJson("guidance", "examples", name));
const guidanceObjects = [
  ...filesIn("guidance", "examples", (name) => name.startsWith("guidance-")).map((name) => readJson("guidance", "examples", name)),
  (readJson("guidance", "examples", "envelope-guideline-3-error-recovery-registry-locked.json") as { guidance: unknown }).guidance,
];
const composedAorpSeeds = aorpSeeds.map((envelope, index) => ({ ...(envelope as object), guidance: guidanceObjects[index % guidanceObjects.length] }));
const quickReference = readJson("smart-v2", "examples", "quick-reference.json") as Record<string, unknown>;
const fullSmartResponse = {
  ...quickReference,
  presentation: readJson("smart-v2", "examples", "task-4.1-presentation.json"),
  feedback: {
    responseQuality: { rating: 4, issues: ["slow"] },
    improvementHints: [{ aspect: "speed", suggestion: "cache the quotes", priority: "medium" }],
    modelVersion: "claude",
    promptTokens: 1200,
    completionTokens: 300,
  },
};
const smartSeeds = [quickReference, fullSmartResponse];
const composedSmartSeeds = smartSeeds.map((envelope, index) => ({ ...envelope, guidance: guidanceObjects[index] }));

const guidanceValues = [
  "Phase Active",
  "phase_active",
  "get_phase_status",
  "get_phase_status - View state",
  "get_phase_status - ",
  "Wait for reviewers",
  "error",
];
const aorpValues = ["error", "pending", "partial", "critical", "low", "analysis", "add_perspective('x') - Add"];
const smartValues = ["WARN_NO_DATA", "WARN_", "warn_no_data", "N/A", "Very High", "fresh", "days", "✓"];

const AOP_LINES = [
  "=== AOP-FINAL ===",
  "=== END-AOP-FINAL ===",
  "=== AOP-INTERMEDIATE | agent=x ===",
  "=== END-AOP-INTERMEDIATE ===",
  "=== AOP-STREAM ===",
  "=== END-AOP-STREAM ===",
  "=== AOP-ERROR | code=E ===",
  "=== END-AOP-ERROR ===",
  "=== AOP-CONTEXT ===",
  "=== END-AOP-CONTEXT ===",
  "=== AOP-RESULT ===",
  "=== END-AOP-RESULT ===",
  "=== AOP-{TYPE} ===",
  "=== AOP-FINAL|x ===",
  "=== AOP-FINAL | confidence=1.5 ===",
  "=== END-AOP-FINAL | x=1 ===",
  "**Pass through EXACTLY as-is** — NO summarizing, NO rephrasing, NO commentary",
  "    === AOP-FINAL ===",
  "",
  "text",
];
const AOP_ATTRIBUTES = {
  names: ["confidence", "lines", "sources", "agent", "note"],
  values: [
    "0",
    "1",
    "1.0",
    ".5",
    "00.5",
    "0.85",
    "1.0000000000000000001",
    "0.99999999999999999999",
    "1.",
    "-0.5",
    "2",
    "<n>",
    "{n}",
    "<a>b",
    '"0.5"',
    '""',
    "99999999999999999999",
    "12.5",
    "many",
    "x=y",
  ],
};
const ACOR_LINES = [
  "## Status: Ready",
  "## Status: Failed",
  "## Status: Done",
  "## Status",
  "## Progress: 50%",
  "## Progress: 101%",
  "## Progress: 5.5%",
  "## Output",
  "## Output Data",
  "## Error: Boom",
  "## Error",
  "**Recovery**: retry",
  "**Details**: stack",
  "## Input Needed",
  "## Input Needed: key",
  "**Option A - config:**",
  "**Option B - flags:**",
  "**Example:**",
  "```bash",
  "```json",
  "```",
  '{"tool":"analyzer","arguments":{}}',
  '{"run":1}',
  "## AI Directive: Do",
  "## AI Directive",
  "## Suggestions",
  "- Plot it: `acor plot data.csv`",
  "- Plot it",
  "## Session: abc123",
  "\\## escaped",
  "### Sub-heading",
  "",
  "text",
];

const aopSeeds = [
  ...filesIn("aop", "examples", () => true).map((name) => readText("aop", "examples", name)),
  aopJoin(
    aopIntermediate({ content: "rows", attributes: { agent: "search", lines: 3, sources: 2, confidence: 0.5 } }),
    aopFinal({ content: "answer", attributes: { confidence: 1, source: "https://x.com/a?b=c" } }),
  ),
];
const acorSeeds = [
  ...filesIn("acor", "examples", () => true).map((name) => readText("acor", "examples", name)),
  acorJoin(
    acorStatus("Working"),
    acorInputNeeded({
      reason: "Choose ONE of these approaches:",
      alternatives: [
        { label: "Use config file", command: { tool: "analyzer", arguments: { config: "a.yaml" } } },
        { label: "Use flags", command: { tool: "analyzer", arguments: { mode: "strict" } } },
      ],
    }),
  ),
];

/** The composed envelope must carry guidance, as the schema with guidance requires. */
function requiringGuidance(problems: ValidationProblem[], value: unknown): ValidationProblem[] {
  const missing = typeof value === "object" && value !== null && !Array.isArray(value) && !("guidance" in value);
  return missing ? [...problems, { path: "/guidance", message: "is required" }] : problems;
}

const agreements: Agreement[] = [
  { name: "aorp", protocol: "aorp", schema: aorpSchema(), mutants: jsonMutant(aorpSeeds, aorpValues), validate: (value) => validateAORP(value) },
  ...[false, true].map((strict): Agreement => ({
    name: `aorp with guidance${strict ? ", strict" : ""}`,
    protocol: "aorp",
    schema: aorpSchema({ withGuidance: true, strict }),
    mutants: jsonMutant(composedAorpSeeds, [...aorpValues, ...guidanceValues], ["guidance", "blocked_reason"]),
    validate: (value) => requiringGuidance(validateAORPWithGuidance(value, { strict }), value),
  })),
  {
    name: "smart-v2",
    protocol: "smart-v2",
    schema: smartSchema(),
    mutants: jsonMutant(smartSeeds, smartValues, ["action"]),
    validate: (value) => validateSmartResponseV2(value),
  },
  ...[false, true].map((strict): Agreement => ({
    name: `smart-v2 with guidance${strict ? ", strict" : ""}`,
    protocol: "smart-v2",
    schema: smartSchema({ withGuidance: true, strict }),
    mutants: jsonMutant(composedSmartSeeds, [...smartValues, ...guidanceValues], ["guidance", "action"]),
    validate: (value) => requiringGuidance(validateCapturedSmartResponse(value, { strict }), value),
  })),
  ...[false, true].map((strict): Agreement => ({
    name: `guidance${strict ? ", strict" : ""}`,
    protocol: "guidance",
    schema: guidanceSchema({ strict }),
    mutants: jsonMutant(guidanceEnvelopes, guidanceValues, ["success", "error", "blocked_reason", "guidance"]),
    validate: (value) => validateGuidanceEnvelope(value, { strict }),
  })),
  {
    name: "aop (parsed document)",
    protocol: "aop",
    schema: aopSchema(),
    mutants: textMutant(aopSeeds, AOP_LINES, AOP_ATTRIBUTES),
    validate: (text) => validateAop(text),
    schemaInput: (text) => ({ blocks: parseAop(text as string).blocks }),
  },
  {
    name: "acor (parsed document)",
    protocol: "acor",
    schema: acorSchema(),
    mutants: textMutant(acorSeeds, ACOR_LINES),
    validate: (text) => validateAcor(text),
    schemaInput: (text) => ({ messages: parseAcor(text as string).messages }),
  },
];

function formats(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(formats);
  if (typeof schema !== "object" || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) => (key === "format" && typeof value === "string" ? [value] : formats(value)));
}

describe("each protocol's JSON Schema and validator agree on mutants of valid responses", () => {
  it("declare no format: dates are patterns, which every validator reads alike", () => {
    expect(agreements.flatMap((agreement) => formats(agreement.schema))).toEqual([]);
  });

  it.each(agreements.map((agreement) => [agreement.name, agreement] as const))("%s", (_name, agreement) => {
    const schemaAccepts = ajv.compile(agreement.schema);
    const seen = { valid: 0, invalid: 0, validatorOnly: 0 };
    fc.assert(
      fc.property(agreement.mutants, (mutant) => {
        const problems = agreement.validate(mutant);
        const accepted = schemaAccepts(agreement.schemaInput ? agreement.schemaInput(mutant) : mutant);
        const shown = `${JSON.stringify(mutant)}\nvalidator: ${JSON.stringify(problems)}\nschema: ${JSON.stringify(schemaAccepts.errors)}`;
        if (problems.length === 0) {
          seen.valid++;
          expect(accepted, `the schema rejects what the validator accepts:\n${shown}`).toBe(true);
        } else if (accepted) {
          seen.validatorOnly++;
          const unlisted = problems.filter((problem) => !isValidatorOnly(agreement.protocol, problem.message));
          expect(unlisted, `the schema accepts what the validator rejects, for rules not in validator-only-rules.ts:\n${shown}`).toEqual([]);
        } else {
          seen.invalid++;
        }
      }),
      { numRuns: RUNS },
    );
    // Mutants near the edge: both verdicts must occur, or the property proves little.
    expect(seen.valid, JSON.stringify(seen)).toBeGreaterThan(RUNS / 20);
    expect(seen.invalid, JSON.stringify(seen)).toBeGreaterThan(RUNS / 5);
  });

  it("the text protocols' schemas say in their description what only the validator checks", () => {
    for (const [protocol, schema] of [
      ["aop", aopSchema()],
      ["acor", acorSchema()],
    ] as const) {
      const description = String(schema["description"]);
      for (const rule of VALIDATOR_ONLY_RULES[protocol]) expect(description, protocol).toContain(`${rule.rule} (${rule.reason})`);
    }
  });

  it("allows validator-only rules only where a JSON Schema cannot say them, each with its reason", () => {
    for (const [protocol, rules] of Object.entries(VALIDATOR_ONLY_RULES)) {
      for (const rule of rules) {
        expect(rule.reason.length, `${protocol}: ${rule.rule}`).toBeGreaterThan(20);
        // The JSON envelopes' only validator-only rules need options their schemas do not take.
        if (protocol === "aorp" || protocol === "smart-v2" || protocol === "guidance") expect(rule.option, rule.rule).toBeDefined();
      }
    }
  });
});
