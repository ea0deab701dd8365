import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/check/result.js";
import { fixturesRoot, golden } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { cleanScratch, generatedCopy } from "./helpers.js";

afterAll(cleanScratch);

async function checkJson(dir: string, args: string[] = []): Promise<{ exitCode: number; result: CheckResult; stderr: string }> {
  const run = await runCli(["check", "--format", "json", ...args], { cwd: dir });
  return { exitCode: run.exitCode, result: JSON.parse(run.stdout) as CheckResult, stderr: run.stderr };
}

function edit(path: string, from: string, to: string): void {
  const before = readFileSync(path, "utf8");
  if (!before.includes(from)) throw new Error(`${path} does not contain ${from}`);
  writeFileSync(path, before.replace(from, to));
}

describe("check on the conforming fixture", () => {
  it("passes at 100% on every count", async () => {
    const dir = await generatedCopy("check/conforming");
    const { exitCode, result } = await checkJson(dir, ["--min-coverage", "100"]);
    expect(result.tools.flatMap((tool) => tool.problems)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(result.ok).toBe(true);
    expect(result.coverage).toEqual({
      conforming: { count: 2, total: 2, percent: 100 },
      guidance: { count: 2, total: 2, percent: 100 },
      errorPathsWithGuidance: { count: 1, total: 1, percent: 100 },
      structuredWarnings: { count: 0, total: 0, percent: 100 },
    });
    expect(result.tools.map(({ name, conforms, guidance }) => ({ name, conforms, guidance }))).toEqual([
      { name: "get_recipe", conforms: true, guidance: "complete" },
      { name: "list_recipes", conforms: true, guidance: "complete" },
    ]);
  });

  it("catches a tool whose only gap is guidance on its error path", async () => {
    const dir = await generatedCopy("check/conforming");
    edit(
      join(dir, "src/guidance/get_recipe.ts"),
      "export function errorGuidance(error: string): ErrorGuidance<ToolName> {\n",
      "export function errorGuidance(error: string): ErrorGuidance<ToolName> {\n  // mcp-conform:unfilled\n",
    );
    const { exitCode, result } = await checkJson(dir);
    expect(exitCode).toBe(1);
    const tool = result.tools.find((t) => t.name === "get_recipe")!;
    // Its error responses send the stub's "TODO: say how to recover": placeholder content, so it does not conform yet.
    expect(tool.conforms).toBe(false);
    expect(tool.placeholders).toEqual(["errorGuidance"]);
    expect(result.coverage.conforming).toEqual({ count: 1, total: 2, percent: 50 });
    expect(tool.guidance).toBe("partial");
    expect(tool.problems.map((p) => [p.code, p.file])).toEqual([["MCPC107", "src/guidance/get_recipe.ts"]]);
    expect(result.coverage.errorPathsWithGuidance).toEqual({ count: 0, total: 1, percent: 0 });
    expect(result.coverage.guidance).toEqual({ count: 1, total: 2, percent: 50 });
    expect(result.tools.find((t) => t.name === "list_recipes")!.problems).toEqual([]);
  });

  it("catches next steps that name tools that do not exist, in stubs and in functions the handler calls", async () => {
    const dir = await generatedCopy("check/conforming");
    edit(join(dir, "src/guidance/list_recipes.ts"), '"get_recipe - one recipe by id"', '"get_recipes - one recipe by id"');
    edit(
      join(dir, "src/server.ts"),
      "export const server =",
      'function hints() {\n  return { related_tools: ["list_recipes", "search_recipes"], next_steps: [{ tool: "get_recipe", params: { recipe_id: "dal_one" } }, { tool: "rate_recipe" }] };\n}\n\nexport const server =',
    );
    edit(join(dir, "src/server.ts"), "    if (recipe === undefined)", "    void hints();\n    if (recipe === undefined)");
    const { exitCode, result } = await checkJson(dir);
    expect(exitCode).toBe(1);
    const problems = result.tools.flatMap((tool) => tool.problems.map((p) => ({ tool: tool.name, code: p.code, file: p.file, message: p.message })));
    expect(problems).toEqual([
      {
        tool: "get_recipe",
        code: "MCPC110",
        file: "src/server.ts",
        message: 'tool "get_recipe" points the model at "rate_recipe", which is not a tool of this server',
      },
      {
        tool: "get_recipe",
        code: "MCPC110",
        file: "src/server.ts",
        message: 'tool "get_recipe" points the model at "search_recipes", which is not a tool of this server',
      },
      {
        tool: "list_recipes",
        code: "MCPC110",
        file: "src/guidance/list_recipes.ts",
        message: 'tool "list_recipes" points the model at "get_recipes", which is not a tool of this server; did you mean "get_recipe"?',
      },
    ]);
    expect(result.coverage.conforming.percent).toBe(100);
  });

  it("counts an unfilled stub as uncovered, and a missing one as missing", async () => {
    const dir = await generatedCopy("check/conforming");
    rmSync(join(dir, "src/guidance/list_recipes.ts"));
    // Generate scaffolds the stub again, unfilled.
    expect((await runCli(["generate", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    rmSync(join(dir, "src/guidance/get_recipe.ts"));
    const { exitCode, result } = await checkJson(dir);
    expect(exitCode).toBe(1);
    expect(result.tools.map(({ name, guidance, placeholders, problems }) => ({ name, guidance, placeholders, codes: problems.map((p) => p.code) }))).toEqual([
      { name: "get_recipe", guidance: "missing", placeholders: [], codes: ["MCPC105"] },
      { name: "list_recipes", guidance: "stub", placeholders: ["errorGuidance", "guidance"], codes: ["MCPC106"] },
    ]);
    expect(result.coverage.guidance).toEqual({ count: 0, total: 2, percent: 0 });
    expect(result.coverage.conforming.count, "a freshly scaffolded stub sends TODOs to the model").toBe(1);
  });

  it("reports a non-conforming return, a throw and a missing wrapper", async () => {
    const dir = await generatedCopy("check/conforming");
    edit(
      join(dir, "src/server.ts"),
      "    if (recipe === undefined) return formatGetRecipeError(",
      '    if (id === "") throw new Error("no id");\n    if (recipe === undefined) return formatGetRecipeError(',
    );
    edit(join(dir, "src/server.ts"), 'conform("list_recipes", async () => {', "(async () => {");
    edit(
      join(dir, "src/server.ts"),
      "return formatListRecipes({ recipes });",
      'return { content: [{ type: "text" as const, text: JSON.stringify(recipes) }] };',
    );
    const { exitCode, result } = await checkJson(dir);
    expect(exitCode).toBe(1);
    const codes = Object.fromEntries(result.tools.map((tool) => [tool.name, tool.problems.map((p) => `${p.code} ${p.file}:${p.line}`)]));
    expect(codes).toEqual({
      get_recipe: ["MCPC102 src/server.ts:34"],
      list_recipes: ["MCPC103 src/server.ts:21", "MCPC101 src/server.ts:25"],
    });
    expect(result.coverage.conforming).toEqual({ count: 0, total: 2, percent: 0 });
  });
});

describe("check on a formatter call the checker finds not assignable", () => {
  const problemsOf = (result: CheckResult, code: string): string[] =>
    result.tools.flatMap((tool) => tool.problems.filter((p) => p.code === code).map((p) => `${p.file}:${p.line} ${p.message}`));

  it("leaves a wrong value in this protocol's parts to tsc: migrating would not mend it", async () => {
    const dir = await generatedCopy("check/conforming");
    // The parts are the Guidance Pattern's, with a number where a string goes. (A payload that does
    // not fit cannot outlive `generate`: the payload's type is what the handler passes.)
    edit(join(dir, "src/server.ts"), 'no recipe called "${id}"`)', 'no recipe called "${id}"`, { current_state: 3, next_action: "Try list_recipes" })');
    const { result } = await checkJson(dir);
    expect(problemsOf(result, "MCPC114")).toEqual([]);
    expect(result.tools.find((tool) => tool.name === "get_recipe")!.conforms).toBe(true);
  });

  it("says a call passes another protocol's parts, and names their fields and the ones the formatter takes", async () => {
    const dir = await generatedCopy("check/conforming");
    edit(
      join(dir, "src/server.ts"),
      '    if (recipe === undefined) return formatGetRecipeError(`no recipe called "${id}"`);',
      [
        // The AOP error formatter's parts, where the Guidance Pattern's takes the message.
        '    if (id === "") return formatGetRecipeError({ message: "no id" });',
        // AOP's parts where the Guidance Pattern takes its error parts.
        '    if (recipe === undefined) return formatGetRecipeError(`no recipe called "${id}"`, { final: "Try list_recipes" });',
      ].join("\n"),
    );
    const { exitCode, result } = await checkJson(dir);
    expect(exitCode).toBe(1);
    const advice = "it was written for another protocol: run `mcp-conform migrate --protocol guidance`";
    expect(problemsOf(result, "MCPC114")).toEqual([
      `src/server.ts:34 tool "get_recipe": argument 1 of formatGetRecipeError(...) is an object, where the generated output's parameter takes \`string\`: ${advice}`,
      `src/server.ts:35 tool "get_recipe": argument 2 of formatGetRecipeError(...) has the fields { final }, where the generated output's parameter takes { available_actions, blocked_reason, context, current_state, next_action, warnings }: ${advice}`,
    ]);
  });
});

describe("check on a throw inside a function the handler calls", () => {
  it("reports it where it throws (the client would get the error's text, not an envelope), unless a try/catch of the handler covers the call", async () => {
    const dir = await generatedCopy("check/conforming");
    const server = join(dir, "src/server.ts");
    edit(
      server,
      "export const server =",
      'function loadAll(): Recipe[] {\n  if (RECIPES.length === 0) throw new Error("the recipe box is empty");\n  return RECIPES;\n}\n\nexport const server =',
    );
    edit(server, "    const recipes: Recipe[] = RECIPES;\n", "    const recipes: Recipe[] = loadAll();\n");
    const thrown = await checkJson(dir);
    expect(thrown.exitCode).toBe(1);
    const listRecipes = thrown.result.tools.find((tool) => tool.name === "list_recipes")!;
    expect(listRecipes.conforms).toBe(false);
    expect(listRecipes.problems.map((p) => `${p.code} ${p.file}:${p.line} ${p.message}`)).toEqual([
      "MCPC102 src/server.ts:19 tool \"list_recipes\" throws in loadAll (src/server.ts:18), which its handler calls outside any try/catch: the client gets that error's text, not an error envelope; catch it in the handler and return its error formatter's result",
    ]);

    edit(
      server,
      "    const recipes: Recipe[] = loadAll();\n",
      "    let recipes: Recipe[];\n    try {\n      recipes = loadAll();\n    } catch {\n      recipes = [];\n    }\n",
    );
    const caught = await checkJson(dir);
    expect(caught.result.tools.find((tool) => tool.name === "list_recipes")!.problems).toEqual([]);
    expect(caught.exitCode).toBe(0);
  });

  // Calls of names the project never declares are not followed (src/check/declared-names.ts); these
  // helpers are declared only by a computed key's string and by an import's new name.
  it("follows a helper named by a computed key and one imported under another name", async () => {
    const dir = await generatedCopy("check/conforming");
    const server = join(dir, "src/server.ts");
    writeFileSync(join(dir, "src/store.ts"), 'export function load(open: boolean): void {\n  if (!open) throw new Error("the store is closed");\n}\n');
    edit(server, 'import { z } from "zod";\n', 'import { z } from "zod";\nimport { load as openStore } from "./store.js";\n');
    edit(
      server,
      "export const server =",
      'const box = {\n  ["emptyBox"]: (): Recipe[] => {\n    throw new Error("the recipe box is empty");\n  },\n};\n\nexport const server =',
    );
    edit(server, "    const recipes: Recipe[] = RECIPES;\n", "    const recipes: Recipe[] = box.emptyBox();\n");
    edit(server, "    const recipe = RECIPES.find((r) => r.id === id);\n", '    openStore(id !== "");\n    const recipe = RECIPES.find((r) => r.id === id);\n');
    const { result } = await checkJson(dir);
    const problems = (name: string) => result.tools.find((tool) => tool.name === name)!.problems.map((p) => `${p.code} ${p.file}:${p.line}`);
    expect(problems("list_recipes")).toEqual(["MCPC102 src/server.ts:21"]);
    expect(problems("get_recipe")).toEqual(["MCPC102 src/store.ts:2"]);
  });
});

describe("check on warnings", () => {
  it("reports plain-string warnings and IDs missing from the generated WARNINGS, and counts the structured ones", async () => {
    const dir = await generatedCopy("check/conforming");
    // Unwrapped, so the analyser follows the handler and harvests its warnings.
    edit(join(dir, "src/server.ts"), 'conform("list_recipes", async () => {', "(async () => {");
    edit(
      join(dir, "src/server.ts"),
      "    const recipes: Recipe[] = RECIPES;\n",
      '    const recipes: Recipe[] = RECIPES;\n    const warnings: string[] = [];\n    warnings.push("WARN_STALE_LIST");\n    warnings.push("the list may be stale");\n',
    );
    const before = await checkJson(dir);
    const codes = (result: CheckResult): string[] => result.tools.find((t) => t.name === "list_recipes")!.problems.map((p) => `${p.code} ${p.line}`);
    expect(codes(before.result)).toEqual(["MCPC103 21", "MCPC109 26", "MCPC108 27"]);
    expect(before.result.coverage.structuredWarnings).toEqual({ count: 0, total: 2, percent: 0 });

    expect((await runCli(["generate", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    const after = await checkJson(dir);
    expect(codes(after.result)).toEqual(["MCPC103 21", "MCPC108 27"]);
    expect(after.result.coverage.structuredWarnings).toEqual({ count: 1, total: 2, percent: 50 });
  });
});

describe("check on a handler that wraps its body", () => {
  it("judges the function given to conform() inside the handler (class methods, low-level cases)", async () => {
    const dir = await generatedCopy("check/conforming");
    edit(join(dir, "src/server.ts"), 'conform("list_recipes", async () => {', 'async () => conform("list_recipes", async () => {');
    edit(join(dir, "src/server.ts"), "    return formatListRecipes({ recipes });\n  }),", "    return formatListRecipes({ recipes });\n  })(),");
    const { exitCode, result } = await checkJson(dir);
    expect(result.tools.flatMap((tool) => tool.problems)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(result.coverage.conforming.percent).toBe(100);
  });
});

describe("check on a handler wrapped away from its registration", () => {
  it("finds conform() by the tool's name anywhere in the project", async () => {
    const dir = await generatedCopy("check/conforming");
    const server = join(dir, "src/server.ts");
    const source = readFileSync(server, "utf8");
    const start = source.indexOf('  conform("list_recipes"');
    const end = source.indexOf("  }),\n", start) + "  }),\n".length;
    writeFileSync(server, `${source.slice(0, start)}  listRecipes,\n${source.slice(end)}`);
    edit(
      server,
      "export const server =",
      'const listRecipes = conform("list_recipes", async () => formatListRecipes({ recipes: RECIPES }));\n\nexport const server =',
    );
    const { exitCode, result } = await checkJson(dir);
    expect(result.tools.flatMap((tool) => tool.problems)).toEqual([]);
    expect(exitCode).toBe(0);
  });
});

describe("check on the legacy stock server", () => {
  it("fails with the exact problems per tool", async () => {
    const dir = await generatedCopy("stock-legacy", ["--protocol", "aorp"]);
    const { exitCode, result } = await checkJson(dir, ["--protocol", "aorp"]);
    expect(exitCode).toBe(1);
    expect(result.ok).toBe(false);
    expect(result.coverage.conforming).toEqual({ count: 0, total: 10, percent: 0 });
    // Every tool is unwrapped, and none conforms.
    for (const tool of result.tools) {
      expect(tool.conforms).toBe(false);
      expect(tool.problems.map((p) => p.code)).toContain("MCPC103");
    }
    const perTool = `${JSON.stringify(Object.fromEntries(result.tools.map((tool) => [tool.name, tool.problems.map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`)])), null, 2)}\n`;
    expect(perTool).toBe(golden(join(fixturesRoot, "check", "__expected__", "stock-legacy.aorp.json"), perTool));
  });
});

describe("check on a declared outputSchema (MCPC111)", () => {
  it("reports a schema of the bare payload and another tool's schema, passes the generated one; generate warns without blocking", async () => {
    const dir = await generatedCopy("check/conforming");
    const server = join(dir, "src/server.ts");
    // The author's schema of the payload: a recipe, where the guidance envelope of an error has none of its fields.
    edit(
      server,
      '{ description: "One recipe by id", inputSchema: { id: z.string() } }',
      '{ description: "One recipe by id", inputSchema: { id: z.string() }, outputSchema: { id: z.string(), title: z.string(), minutes: z.number() } }',
    );
    edit(
      server,
      '{ description: "Every recipe, by id and title", inputSchema: {} }',
      '{ description: "Every recipe, by id and title", inputSchema: {}, outputSchema: OUTPUT_ZOD_SCHEMAS["get_recipe"] }',
    );
    edit(server, 'import { z } from "zod";', 'import { z } from "zod";\nimport { OUTPUT_ZOD_SCHEMAS } from "./generated/mcp-conform/output-schemas.zod.js";');
    const failing = await checkJson(dir);
    expect(failing.exitCode).toBe(1);
    const problems = failing.result.tools.flatMap((tool) =>
      tool.problems.map((p) => ({ tool: tool.name, code: p.code, at: `${p.file}:${p.line}`, message: p.message })),
    );
    expect(problems).toEqual([
      {
        tool: "get_recipe",
        code: "MCPC111",
        at: "src/server.ts:32",
        message:
          'tool "get_recipe" declares an outputSchema that rejects its MCP Tool Guidance Pattern envelope: it requires `id`, which not every envelope of the tool carries (the error envelope, or the success one, lacks it); use OUTPUT_ZOD_SCHEMAS.get_recipe (`mcp-conform migrate` replaces it)',
      },
      {
        tool: "list_recipes",
        code: "MCPC111",
        at: "src/server.ts:23",
        message:
          'tool "list_recipes" declares the generated outputSchema of tool "get_recipe"; use OUTPUT_ZOD_SCHEMAS.list_recipes (`mcp-conform migrate` replaces it)',
      },
    ]);

    const generated = await runCli(["generate", "--no-format"], { cwd: dir });
    expect(generated.exitCode).toBe(0);
    expect(generated.stderr).toContain(
      'src/server.ts:32: warning MCPC111: tool "get_recipe" declares an outputSchema that rejects its MCP Tool Guidance Pattern envelope',
    );

    edit(server, "outputSchema: { id: z.string(), title: z.string(), minutes: z.number() }", "outputSchema: OUTPUT_ZOD_SCHEMAS.get_recipe");
    edit(server, 'OUTPUT_ZOD_SCHEMAS["get_recipe"]', "OUTPUT_ZOD_SCHEMAS.list_recipes");
    const passing = await checkJson(dir);
    expect(passing.result.tools.flatMap((tool) => tool.problems)).toEqual([]);
    expect(passing.exitCode).toBe(0);
  });
});
