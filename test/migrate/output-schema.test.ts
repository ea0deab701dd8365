import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch, copyFixture } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { sources } from "./helpers.js";

afterAll(cleanScratch);

/**
 * `migrate` puts a tool's declared `outputSchema` right with the rest of the tool (issue #12,
 * point 2): replaced by the generated one in the form the registration takes, or removed where
 * nothing fits. A dry run (a diff, nothing written); output-schema.full.test.ts writes, compiles,
 * checks and calls the result on the wire, for both SDK majors, and removes one under AOP.
 */

describe("migrate and a declared outputSchema", () => {
  it("SDK 1.x: a z.object const, a raw shape and a low-level JSON Schema become the generated schemas", async () => {
    const dir = copyFixture("output-schemas/sdk-v1");
    const before = sources(dir);
    const run = await runCli(["migrate", "--protocol", "aorp", "--no-typecheck"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    // The z.object held in a const that nothing else uses goes with it (the fixture has noUnusedLocals).
    expect(lines).toContain("-const CityList = z.object({");
    expect(lines).toContain("-    outputSchema: CityList,");
    expect(lines).toContain("+    outputSchema: OUTPUT_ZOD_SCHEMAS.list_cities,");
    expect(lines).toContain("-    outputSchema: { name: z.string(), country: z.string(), population: z.number() },");
    expect(lines).toContain("+    outputSchema: OUTPUT_ZOD_SCHEMAS.get_city,");
    expect(lines).toContain('+import { OUTPUT_ZOD_SCHEMAS } from "./generated/mcp-conform/output-schemas.zod.js";');
    expect(lines).toContain('-      outputSchema: { type: "object", properties: { count: { type: "number" } }, required: ["count"] },');
    expect(lines).toContain("+      outputSchema: OUTPUT_SCHEMAS.city_count,");
    expect(lines).toContain('+import { OUTPUT_SCHEMAS } from "./generated/mcp-conform/output-schemas.js";');
    // A const the handler still uses stays.
    expect(lines).not.toContain("-const CountOutput = z.object({ count: z.number() });");
    for (const tool of ["city_count (src/admin.ts", "get_city (src/server.ts", "list_cities (src/server.ts"]) {
      expect(
        lines.find((line) => line.includes(`migrated ${tool}`)),
        tool,
      ).toMatch(/outputSchema replaced$/);
    }
    expect(sources(dir)).toEqual(before);
  });
});
