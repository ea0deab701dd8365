import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { McpConformConfig } from "../../src/config/config.js";
import { validateConfig } from "../../src/config/validate-config.js";
import { configJsonSchema, type ConfigFromSchema, knownKeysAt } from "../../src/config/schema.js";
import { golden, repoRoot } from "../helpers/fixtures.js";

/** The config's one schema (src/config/schema.ts): validation, keys and the published JSON Schema. */
describe("the config schema", () => {
  it("is the documented interface, key for key (checked by `npm run typecheck`)", () => {
    // Optional keys: the interface says `key?: T`; zod's input type says `key?: T | undefined`.
    type Exact<T> = { [K in keyof T]-?: Exact<Exclude<T[K], undefined>> };
    expectTypeOf<Exact<McpConformConfig>>().toEqualTypeOf<Exact<ConfigFromSchema>>();
  });

  it("publishes the JSON Schema editors read, generated from it", () => {
    const text = `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
    expect(text).toBe(golden(join(repoRoot, "schema", "mcp-conform.config.schema.json"), text));
    const schema = configJsonSchema() as { additionalProperties?: unknown; properties: Record<string, unknown> };
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties).sort()).toEqual(knownKeysAt([]).sort());
  });

  it("says what is wrong with one line naming the key", () => {
    const problem = (config: unknown): string => {
      try {
        validateConfig(config, "mcp-conform.config.json");
        return "valid";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problem({ protocol: "aorp", $schema: "./node_modules/mcp-conform/schema/mcp-conform.config.schema.json", format: { byShape: false } })).toBe(
      "valid",
    );
    expect(problem({ protcol: "aorp" })).toBe('unknown config key "protcol"; did you mean "protocol"?');
    expect(problem({ check: { minCovrage: 90 } })).toBe('unknown config key "check.minCovrage"; did you mean "check.minCoverage"?');
    expect(problem({ protocol: "smart-v3" })).toBe('unknown protocol "smart-v3"; expected one of aorp, aop, smart-v2, acor, guidance');
    expect(problem({ check: { minCoverage: 150 } })).toBe('config key "check.minCoverage" must be a number from 0 to 100');
    expect(problem({ guidance: "yes" })).toBe('config key "guidance" must be true or false');
    expect(problem({ output: "src/out" })).toBe('config key "output" must be an object');
    expect(problem({ project: 3 })).toBe('config key "project" must be a path or a list of paths');
    expect(problem([])).toMatch(/must export an object/);
  });
});
