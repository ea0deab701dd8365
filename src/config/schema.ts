/**
 * The config file's one schema, as knip keeps its own (`schema/configuration.ts`): `validateConfig`
 * checks a config against it, the did-you-mean for unknown keys reads its keys, and the published
 * `schema/mcp-conform.config.schema.json` (for editors, through `$schema` in a JSON config) is
 * generated from it (test/config/schema.test.ts holds the committed file to it; UPDATE_GOLDEN=1
 * rewrites it). `McpConformConfig` (config.ts) keeps the documented interface for hovers in a
 * `.ts` config; the tests' type-check holds it equal to this schema.
 *
 * Messages that start with "must" are prefixed with the key (`config key "check.minCoverage" must
 * be ...`); the others are said as they are.
 */
import * as z from "zod/v4";
import { CHECK_CODES, RULE_SEVERITIES } from "../check/codes.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";

const MUST_BE_AN_OBJECT = { error: "must be an object" };

export const configSchema = z.strictObject({
  $schema: z.string({ error: "must be a path or a URL" }).optional().describe("The JSON Schema of this file, for editors."),
  project: z
    .union([z.string(), z.array(z.string())], { error: "must be a path or a list of paths" })
    .optional()
    .describe("tsconfig.json (or its folder) of the server; several for a monorepo."),
  protocol: z
    .enum(PROTOCOL_IDS, { error: (issue) => `unknown protocol "${String(issue.input)}"; expected one of ${PROTOCOL_IDS.join(", ")}` })
    .optional()
    .describe("The response protocol every tool conforms to."),
  guidance: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("Add the Guidance Pattern's `guidance` field beside `aorp` or `smart-v2` envelopes."),
  output: z
    .strictObject(
      {
        dir: z.string({ error: "must be a folder path" }).optional().describe("Generated files (rewritten every run). Default `src/generated/mcp-conform`."),
        guidanceDir: z
          .string({ error: "must be a folder path" })
          .optional()
          .describe("Scaffolded guidance stubs (written once, then yours). Default `src/guidance`."),
      },
      MUST_BE_AN_OBJECT,
    )
    .optional(),
  templates: z
    .strictObject(
      {
        dir: z.string({ error: "must be a folder path" }).optional().describe("A folder whose `*.hbs` files replace the built-in templates of the same name."),
      },
      MUST_BE_AN_OBJECT,
    )
    .optional(),
  check: z
    .strictObject(
      {
        minCoverage: z
          .number({ error: "must be a number from 0 to 100" })
          .min(0, { error: "must be a number from 0 to 100" })
          .max(100, { error: "must be a number from 0 to 100" })
          .optional()
          .describe("Fail `check` below this coverage percentage (0-100)."),
      },
      MUST_BE_AN_OBJECT,
    )
    .optional(),
  rules: z
    .strictObject(
      Object.fromEntries(
        CHECK_CODES.map((code) => [
          code,
          z
            .enum(RULE_SEVERITIES, { error: (issue) => `must be one of ${RULE_SEVERITIES.join(", ")}, not ${JSON.stringify(issue.input)}` })
            .optional()
            .describe(`The severity of ${code} (the README's "Problem codes"): error fails check, warn reports it only, off hides it. Default error.`),
        ]),
      ) as Record<(typeof CHECK_CODES)[number], z.ZodOptional<z.ZodEnum<{ error: "error"; warn: "warn"; off: "off" }>>>,
      MUST_BE_AN_OBJECT,
    )
    .optional()
    .describe('A severity per check code, as ESLint\'s rules: `{ "MCPC108": "warn" }`.'),
  format: z
    .strictObject(
      {
        byShape: z
          .boolean({ error: "must be true or false" })
          .optional()
          .describe("Format each template's files once and derive their twins. Default: on with the built-in templates, off with `templates.dir`."),
      },
      MUST_BE_AN_OBJECT,
    )
    .optional(),
});

/** What the schema accepts, as a type. */
export type ConfigFromSchema = z.input<typeof configSchema>;

/** The JSON Schema published for editors (schema/mcp-conform.config.schema.json). */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { target: "draft-7", io: "input" }),
    title: "mcp-conform configuration",
  };
}

/** The keys known at `path` (`[]` for the top level, `["check"]` for check's), for did-you-mean. */
export function knownKeysAt(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType = configSchema;
  for (const key of path) {
    const object = unwrapObject(schema);
    const child = object?.shape[String(key)];
    if (!child) return [];
    schema = child;
  }
  return Object.keys(unwrapObject(schema)?.shape ?? {});
}

function unwrapObject(schema: z.ZodType): z.ZodObject | undefined {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
  return current instanceof z.ZodObject ? current : undefined;
}
