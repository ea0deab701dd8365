import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { checkReport, committedCopy, tscProject } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Issue #12, point 3, in a registration loop: styles/tool-object's `mountWrappedTools` registers
 * `async (input) => { const payload = await entry.execute(input); return { content: [... JSON.stringify(payload) ...] }; }`
 * for every `tool({...})` object, two of them named by a constant (`QUOTE_TOOL`) and an enum member
 * (`ReportToolName.Build`). Once their `execute` returns a formatter's result, that callback sends
 * the JSON of a whole result inside a text block.
 */
describe("a registration loop that serialises what each tool object's execute returns", () => {
  let dir = "";
  let registry = "";
  let legacyRegistry = "";
  beforeAll(async () => {
    dir = committedCopy("styles/tool-object");
    registry = join(dir, "src/registry.ts");
    legacyRegistry = readFileSync(registry, "utf8");
    const run = await runCli(["migrate", "--protocol", "aorp", "--write", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("migrated random_quote");
    expect(run.stdout).toContain("migrated build_report");
  });

  it("migrate passes the result through and retypes the member that declared a payload", () => {
    const migrated = readFileSync(registry, "utf8");
    expect(migrated).toContain("        const payload = await entry.execute(input);\n        return payload;\n");
    expect(migrated).not.toContain("JSON.stringify(payload)");
    expect(migrated).toContain("  execute(input: z.infer<S>): Promise<ConformingResult<ToolName>>;\n");
    // The loop over handlers that already build their result is left as it was.
    expect(migrated).toContain("(args) =>\n      entry.handler(args),");
  });

  it("check flags the loop (MCPC113) on each tool it runs, once the tools return their formatter's result", async () => {
    const reserialised = async (): Promise<string[]> => {
      const { result } = await checkReport(dir, "aorp");
      return result.tools.flatMap((tool) =>
        tool.problems.filter((problem) => problem.code === "MCPC113").map((problem) => `${tool.name} ${problem.file}:${problem.line}`),
      );
    };
    expect(await reserialised()).toEqual([]);

    // The legacy loop over the migrated tools (and their retyped member).
    const migrated = readFileSync(registry, "utf8");
    writeFileSync(registry, migrated.replace("        return payload;\n", '        return { content: [{ type: "text", text: JSON.stringify(payload) }] };\n'));
    expect(await reserialised()).toEqual(["build_report src/registry.ts:46", "random_quote src/registry.ts:46"]);

    // Serialised inline, in an expression body: flagged, and migrate passes it through again.
    writeFileSync(
      registry,
      migrated.replace(
        "      async (input) => {\n        const payload = await entry.execute(input);\n        return payload;\n      },\n",
        '      async (input) => ({ content: [{ type: "text", text: JSON.stringify(await entry.execute(input)) }] }),\n',
      ),
    );
    expect(await reserialised()).toEqual(["build_report src/registry.ts:44", "random_quote src/registry.ts:44"]);
    const again = await runCli(["migrate", "--protocol", "aorp", "--write", "--force", "--no-format"], { cwd: dir });
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    expect(readFileSync(registry, "utf8")).toContain("      async (input) => await entry.execute(input),\n");
    expect(await reserialised()).toEqual([]);
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    expect(legacyRegistry).toContain("JSON.stringify(payload)");
  });
});
