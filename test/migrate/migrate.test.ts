import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diffLines } from "diff";
import { ts } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/check/result.js";
import { runStatePath } from "../../src/incremental/run-state.js";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy, isHelperThrow, logicStatements, sources, tscProject } from "./helpers.js";

afterAll(cleanScratch);

const SMART = ["--protocol", "smart-v2"];

describe("mcp-conform migrate on the legacy stock server", () => {
  it("--write: tsc passes, check reports only placeholders, generate is fresh, logic is kept, and a second run changes nothing", async () => {
    const dir = committedCopy("stock-legacy");
    const before = sources(dir);
    const run = await runCli(["migrate", ...SMART, "--write"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("wrote 10 files");

    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    // Every tool conforms by type; what the legacy responses never said (a V1 object says more) is placeholder content.
    const check = await runCli(["check", ...SMART, "--format", "json"], { cwd: dir });
    expect(check.exitCode, check.stdout + check.stderr).toBe(1);
    const report = JSON.parse(check.stdout) as CheckResult;
    const problems = report.tools.flatMap((tool) => tool.problems);
    // latestYear() throws on a company without history (src/data/set-api.ts:131), called by fetch_stock_data and,
    // through the valuation models, by three more: their calls are now inside a try whose catch returns the error
    // formatter's result, so no throw is left for check to report (MCPC102, "which its handler calls").
    expect(problems.filter((problem) => problem.code !== "MCPC112")).toEqual([]);
    expect(problems.filter(isHelperThrow)).toEqual([]);
    expect(run.stdout).toMatch(/migrated fetch_stock_data \(src\/tools\/fetch-stock-data\.ts:33\): .*1 throw in called functions caught/);
    const fetchStockData = readFileSync(join(dir, "src/tools/fetch-stock-data.ts"), "utf8");
    expect(fetchStockData).toContain("      try {\n        const latest = latestYear(company);\n");
    expect(fetchStockData).toContain(
      "      } catch (error) {\n        return formatFetchStockDataError(legacyErrorSections(tool, { message: error instanceof Error ? error.message : String(error) }));\n      }\n    }),",
    );
    expect(report.tools.every((tool) => tool.placeholders.length > 0 && !tool.conforms)).toBe(true);
    expect(report.coverage.conforming).toEqual({ count: 0, total: 10, percent: 0 });
    expect(report.coverage.structuredWarnings).toEqual({ count: 16, total: 16, percent: 100 });
    // The analyser reads `warning("WARN_…", text)`: the messages survive in the regenerated constants.
    const constants = readFileSync(join(dir, "src/generated/mcp-conform/warnings.ts"), "utf8");
    expect(constants).toContain('message: "ROE is below 10%"');
    expect(constants).toContain('message: "Data is {} days old"');
    const fresh = await runCli(["generate", ...SMART, "--check"], { cwd: dir });
    expect(fresh.exitCode, fresh.stdout).toBe(0);

    // Every statement of the user's logic is still there, compared as ASTs (not text).
    const after = sources(dir);
    for (const [file, text] of before) {
      const kept = logicStatements(file, after.get(file) ?? "");
      const missing = logicStatements(file, text).filter((statement) => {
        const index = kept.indexOf(statement);
        if (index === -1) return true;
        kept.splice(index, 1);
        return false;
      });
      expect(missing, file).toEqual([]);
    }
    expect(logicStatements("ddm.ts", before.get("src/tools/ddm.ts")!).length, "the comparison sees the handler's statements").toBe(9);

    // A fresh clone that does not commit the output: one `generate` gives what the next would.
    rmSync(join(dir, "src/generated"), { recursive: true, force: true });
    const regenerated = await runCli(["generate", ...SMART], { cwd: dir });
    expect(regenerated.exitCode, regenerated.stderr).toBe(0);
    expect(regenerated.stdout).toContain("a second pass, once the generated imports resolved, rewrote");
    rmSync(runStatePath(dir, join(dir, "tsconfig.json"))!, { force: true });
    const converged = await runCli(["generate", ...SMART, "--check"], { cwd: dir });
    expect(converged.exitCode, converged.stdout).toBe(0);

    const migrated = sources(dir);
    const again = await runCli(["migrate", ...SMART, "--write"], { cwd: dir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain("0 tools migrated, 0 skipped, 10 already on the formatters");
    expect(again.stdout).toContain("nothing to change");
    expect(sources(dir)).toEqual(migrated);
  });

  it("refuses to write over uncommitted changes, unless --force", async () => {
    const dir = committedCopy("stock-legacy");
    const file = join(dir, "src/tools/dcf.ts");
    writeFileSync(file, `${readFileSync(file, "utf8")}\n// work in progress\n`);
    const before = sources(dir);
    const run = await runCli(["migrate", ...SMART, "--write"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("migrate --write would rewrite files with uncommitted changes: src/tools/dcf.ts");
    expect(run.stderr).not.toContain("    at ");
    expect(sources(dir)).toEqual(before);
    expect(existsSync(join(dir, "src/generated"))).toBe(false);

    const forced = await runCli(["migrate", ...SMART, "--write", "--force", "--no-format"], { cwd: dir });
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("// work in progress");
    expect(readFileSync(file, "utf8")).toContain('conform("calculate_dcf"');
  });
});

describe("mcp-conform migrate and Prettier", () => {
  it("with a Prettier config, formats only what it rewrote: a hand-formatted file keeps every other line, and imports go after its relative ones", async () => {
    const dir = committedCopy("migrate/unformatted");
    const before = sources(dir);
    const run = await runCli(["migrate", "--protocol", "aorp", "--write"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    const after = sources(dir);
    for (const file of ["src/server.ts", "src/summary.ts"]) {
      const old = before.get(file)!;
      const handlers = handlerLines(old);
      const lastImport = importLines(old).at(-1)!;
      const lastRelative =
        importLines(old)
          .filter((line) => /from "\.\//.test(old.split("\n")[line - 1]!))
          .at(-1) ?? lastImport;
      let line = 1;
      for (const part of diffLines(old, after.get(file)!)) {
        const lines = part.value.replace(/\n$/, "").split("\n");
        if (part.removed) {
          // Every line migrate took out is a line of a handler.
          for (let each = line; each < line + part.count!; each++) expect(handlers.has(each), `${file}:${each} ${old.split("\n")[each - 1]}`).toBe(true);
        } else if (part.added) {
          // Lines come in inside a handler, or as imports right after the file's last relative import (its last import when it has none).
          if (handlers.has(line) || handlers.has(line - 1)) continue;
          expect(line - 1, `${file}: ${part.value}`).toBe(lastRelative);
          expect(lines.join("\n")).toMatch(/^import \{[^]*\} from '\.\/generated\/mcp-conform\/[^']+\.js';$/);
        }
        if (!part.added) line += part.count!;
      }
    }
    const server = after.get("src/server.ts")!;
    // Lines Prettier would have changed but migrate did not write are as they were, odd spacing and all.
    for (const kept of [
      'import {z} from "zod"',
      "    const found   = lookup( station )",
      'export const server = new McpServer({ name: "tides-legacy", version: "0.3.0" })',
      "    // The note travels with the data, as it always has.",
    ]) {
      expect(server.split("\n")).toContain(kept);
    }
    expect(server).toContain("import { registerSummary } from \"./summary.js\"\nimport { conform } from './generated/mcp-conform/conform.js';");
    // What it rewrote is the project's Prettier's: its quotes, its print width, at the indentation of the line.
    expect(server).toContain(
      [
        "    return formatGetTides(",
        "      { station: found.name, highs: found.highs, lows: found.lows },",
        "      legacyParts(tool, { key_insight: NOTE }),",
        "    );",
      ].join("\n"),
    );
    expect(server).toContain("conform('get_tides', async ({ station }) => {\n    const tool = 'get_tides';\n    const found   = lookup( station )\n");
    expect(after.get("src/summary.ts")).toContain(
      "import type { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\"\nimport { conform } from './generated/mcp-conform/conform.js';",
    );
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
  });
});

/** The 1-based lines of every handler passed to `registerTool`, first to last. */
function handlerLines(text: string): Set<number> {
  const file = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true);
  const lines = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "registerTool") {
      const handler = node.arguments.at(-1)!;
      const first = file.getLineAndCharacterOfPosition(handler.getStart()).line + 1;
      const last = file.getLineAndCharacterOfPosition(handler.getEnd()).line + 1;
      for (let line = first; line <= last; line++) lines.add(line);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}

/** The 1-based line each import declaration ends on. */
function importLines(text: string): number[] {
  const file = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true);
  return file.statements.filter(ts.isImportDeclaration).map((declaration) => file.getLineAndCharacterOfPosition(declaration.getEnd()).line + 1);
}

describe("mcp-conform migrate: what it cannot migrate", () => {
  it("lists dynamic shapes and any payloads with file:line and a reason, and leaves them untouched", async () => {
    const dir = committedCopy("stock-legacy");
    writeFileSync(
      join(dir, "src/tools/extra.ts"),
      [
        'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";',
        'import { z } from "zod";',
        "",
        "declare function lookup(symbol: string): any;",
        "declare function render(symbol: string): CallToolResult;",
        "",
        "export function registerExtra(server: McpServer): void {",
        '  server.registerTool("raw_lookup", { inputSchema: { symbol: z.string() } }, async ({ symbol }) => {',
        "    const found = lookup(symbol);",
        '    return { content: [{ type: "text", text: JSON.stringify(found) }] };',
        "  });",
        '  server.registerTool("rendered", { inputSchema: { symbol: z.string() } }, async ({ symbol }) => {',
        "    return render(symbol);",
        "  });",
        "}",
        "",
      ].join("\n"),
    );
    const server = join(dir, "src/server.ts");
    writeFileSync(
      server,
      readFileSync(server, "utf8").replace(
        'import { registerScreenStocks } from "./tools/screen.js";',
        'import { registerScreenStocks } from "./tools/screen.js";\nimport { registerExtra } from "./tools/extra.js";',
      ) + "registerExtra(server);\n",
    );
    const run = await runCli(["migrate", ...SMART, "--no-typecheck"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("10 tools migrated, 2 skipped");
    expect(run.stdout).toContain(
      "skipped  raw_lookup (src/tools/extra.ts:11): the payload is typed `any`, so its formatter cannot be typed: give it a type first",
    );
    expect(run.stdout).toContain("skipped  rendered (src/tools/extra.ts:14): returns the result of render(...), a CallToolResult whose payload cannot be read");
    expect(run.stdout).not.toContain("--- a/src/tools/extra.ts");
  });
});

describe("mcp-conform migrate: a handler passed by name from another module", () => {
  it("is rewritten where it is when its registration is its one use; left alone, with the reason, when other code calls it too", async () => {
    const dir = committedCopy("styles/sdk-register-tool");
    const run = await runCli(["migrate", "--protocol", "aorp", "--no-typecheck"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("5 tools migrated, 0 skipped");
    expect(run.stdout).toContain("migrated convert_temperature (src/handlers/convert.ts:10): 1 return path, 1 throw to error results, wrapped with conform()");
    expect(run.stdout).toContain('+  conform("convert_temperature", convertTemperature),');
    expect(run.stdout).toContain("+  return formatConvertTemperature(result, legacyParts(tool));");
    // conform() is called where the registration is, not in the handler's own module.
    expect(run.stdout).not.toContain('+import { conform } from "../generated/mcp-conform/conform.js";');

    // A second caller would get the formatter's result too: the handler stays as it is.
    writeFileSync(
      join(dir, "src/report.ts"),
      'import { convertTemperature } from "./handlers/convert.js";\n\nexport const boiling = convertTemperature({ value: 100, from: "C" });\n',
    );
    const shared = await runCli(["migrate", "--protocol", "aorp", "--no-typecheck"], { cwd: dir });
    expect(shared.exitCode, shared.stderr).toBe(0);
    expect(shared.stdout).toContain("4 tools migrated, 1 skipped");
    expect(shared.stdout).toContain(
      "skipped  convert_temperature (src/handlers/convert.ts:10): the handler convertTemperature is used elsewhere too (report.ts:3); wrap this registration's use with conform() by hand",
    );
    expect(shared.stdout).not.toContain("--- a/src/handlers/convert.ts");
  });

  it("a low-level branch that assigns its result for the dispatcher to return is skipped with the reason and the rewrite that lets it migrate", async () => {
    const dir = committedCopy("real-world/delegated-dispatch");
    const run = await runCli(["migrate", "--protocol", "aorp", "--no-typecheck"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("2 tools migrated, 3 skipped");
    for (const [tool, line] of [
      ["add_bookmark", 12],
      ["remove_bookmark", 22],
      ["tag_counts", 31],
    ] as const) {
      expect(run.stdout).toContain(
        `skipped  ${tool} (src/dispatch.ts:${line}): its branch hands its result to the code after the switch (\`result = ...; break;\`), which returns it for every tool: return the result in the branch (\`return handleX(args);\`) and run migrate again`,
      );
    }
    expect(run.stdout).toMatch(/migrated get_bookmark \(src\/bookmarks\.ts:36\)/);
  });
});
