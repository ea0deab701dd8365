import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { checkReport, committedCopy, isHelperThrow, tscProject } from "./helpers.js";

afterAll(cleanScratch);

/**
 * styles/mcp-framework's `fetch_quote`: `async execute(input) { return this.run(input.symbol); }`,
 * where `run` is an async method. The framework awaited what `execute` returned; the formatter does
 * not, so its payload must be the settled quote, not the promise (whose JSON is `{}`).
 */
describe.concurrent("migrate on a handler that returns a promise of its payload", () => {
  const migrateFetchQuote = async (edit?: (source: string) => string): Promise<{ dir: string; handler: string }> => {
    const dir = committedCopy("styles/mcp-framework");
    const file = join(dir, "src/tools/FetchQuoteTool.ts");
    if (edit) {
      writeFileSync(file, edit(readFileSync(file, "utf8")));
      execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "not async"], { cwd: dir });
    }
    const run = await runCli(["migrate", "--protocol", "aorp", "--write", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("migrated fetch_quote");
    expect(run.stdout).toContain("tsc found no new errors");
    return { dir, handler: readFileSync(file, "utf8") };
  };
  const payloadType = (dir: string): string | undefined =>
    /"fetch_quote": (.*);/.exec(readFileSync(join(dir, "src/generated/mcp-conform/tools.ts"), "utf8").split("export interface ToolPayloads")[1] ?? "")?.[1];

  it("awaits it in an async method, and the formatter is typed by the settled value", async () => {
    const { dir, handler } = await migrateFetchQuote();
    expect(handler).toContain('return formatFetchQuote(await this.run(input.symbol), legacyParts("fetch_quote"));');
    expect(payloadType(dir)).toBe('import("../../tools/FetchQuoteTool.js").Quote');
    // run() throws "Unknown symbol": the awaited call is inside a try whose catch returns the error formatter's result.
    expect(handler).toContain(
      [
        "    try {",
        '      return formatFetchQuote(await this.run(input.symbol), legacyParts("fetch_quote"));',
        "    } catch (error) {",
        '      return formatFetchQuoteError(legacyErrorParts("fetch_quote", { message: error instanceof Error ? error.message : String(error) }));',
        "    }",
      ].join("\n"),
    );
    const { result } = await checkReport(dir, "aorp");
    expect(result.tools.find((tool) => tool.name === "fetch_quote")!.problems.filter(isHelperThrow)).toEqual([]);
  });

  it("formats the settled value in .then() in a method that is not async, which keeps returning a promise", async () => {
    const { dir, handler } = await migrateFetchQuote((source) =>
      source.replace("  async execute(input: MCPInput<this>) {", "  execute(input: MCPInput<this>) {"),
    );
    expect(handler).toContain('return this.run(input.symbol).then((payload) => formatFetchQuote(payload, legacyParts("fetch_quote")));');
    expect(payloadType(dir)).toBe('import("../../tools/FetchQuoteTool.js").Quote');
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    const again = await runCli(["migrate", "--protocol", "aorp", "--write", "--force", "--no-format"], { cwd: dir });
    expect(again.stdout).toContain("0 tools migrated, 0 skipped, 4 already on the formatters");
    // check reads the formatter call inside .then(): conforming by type, with the kit's placeholders.
    const { result } = await checkReport(dir, "aorp");
    expect(result.tools.find((tool) => tool.name === "fetch_quote")).toMatchObject({
      conforms: false,
      placeholders: expect.arrayContaining(["confidence", "key_insight"]),
    });
    const problems = result.tools.find((tool) => tool.name === "fetch_quote")!.problems;
    expect(problems.filter((problem) => !isHelperThrow(problem)).map((problem) => problem.code)).toEqual(["MCPC112"]);
    // run() throws "Unknown symbol": a rejection of the promise the handler returns, which no catch in it would see.
    // migrate leaves that call as it is, and check still says so.
    expect(problems.filter(isHelperThrow)).toHaveLength(1);
    expect(handler).not.toContain("catch");
  });
});
