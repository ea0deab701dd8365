import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { textEdit } from "../../src/analyze/carry-resolutions.js";
import { WatchedProject, baseModel, renderModel } from "./incremental-helpers.js";

/**
 * Tool-level reuse in a changed file (src/analyze/carry-resolutions.ts): the other tools of a file
 * whose one registration was edited keep their resolutions, and the inventory is still exactly a
 * full analysis's. `carried` counts the kept ones, so each case shows whether the reuse happened.
 */

const BASE_FILES = new Map<string, string>([
  [
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", noEmit: true, skipLibCheck: true },
      include: ["src"],
    }),
  ],
  ["package.json", '{ "type": "module", "private": true }\n'],
  [
    "src/server.ts",
    [
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `import { registerRecords } from "./tools/records.js";`,
      `export const server = new McpServer({ name: "carry", version: "1.0.0" });`,
      `registerRecords(server);`,
      ``,
    ].join("\n"),
  ],
]);

/** Three tools registered in one function, the way servers group a domain's tools; `b` is the one edited. */
function recordsFile(b: { description: string; body: string }): string {
  return [
    `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
    `import { z } from "zod";`,
    ``,
    `const limit = 10;`,
    ``,
    `interface FoundRecord {`,
    `  id: string;`,
    `  score: number;`,
    `}`,
    ``,
    `async function searchRecords(query: string): Promise<FoundRecord[]> {`,
    `  return [{ id: query, score: limit }];`,
    `}`,
    ``,
    `export function registerRecords(server: McpServer): void {`,
    `  server.registerTool("list_records", { description: "Lists records", inputSchema: { page: z.number() } }, async ({ page }) => {`,
    `    const payload = { page, limit };`,
    `    return { content: [{ type: "text" as const, text: JSON.stringify(payload) }], structuredContent: payload };`,
    `  });`,
    ``,
    `  server.registerTool("update_record", { description: ${JSON.stringify(b.description)}, inputSchema: { id: z.string() } }, async ({ id }) => {`,
    b.body,
    `  });`,
    ``,
    `  server.registerTool("search_records", { description: "Searches records", inputSchema: { query: z.string() } }, async ({ query }) => {`,
    `    const found = await searchRecords(query);`,
    `    if (found.length === 0) {`,
    `      return { content: [{ type: "text" as const, text: "nothing found" }], isError: true };`,
    `    }`,
    `    const payload = { found, limit };`,
    `    return { content: [{ type: "text" as const, text: JSON.stringify(payload) }], structuredContent: payload };`,
    `  });`,
    `}`,
    ``,
  ].join("\n");
}

const BODY = [
  `    const payload = { id, updated: true };`,
  `    return { content: [{ type: "text" as const, text: JSON.stringify(payload) }], structuredContent: payload };`,
].join("\n");

const withRecords = (text: string) => new Map([...BASE_FILES, ["src/tools/records.ts", text]]);

describe("textEdit", () => {
  it("is the span between the common prefix and the common suffix", () => {
    expect(textEdit("abcXYdef", "abcZdef")).toEqual({ start: 3, oldEnd: 5, newEnd: 4 });
    expect(textEdit("aaa", "aaaa")).toEqual({ start: 3, oldEnd: 3, newEnd: 4 });
    expect(textEdit("same", "same")).toEqual({ start: 4, oldEnd: 4, newEnd: 4 });
  });
});

/** npm test runs the cases on TypeScript 6; test:full (FUZZ_RUNS set) on TypeScript 7, as incremental.test.ts does. */
const ENGINES = process.env["FUZZ_RUNS"] === undefined ? (["ts6"] as const) : (["ts7"] as const);

for (const engineId of ENGINES) {
  describe(`on the ${engineId} engine`, () => {
    let engine: Engine | "ts6" = "ts6";
    const projects: WatchedProject[] = [];
    beforeAll(async () => {
      if (engineId === "ts7") engine = await loadEngine("ts7");
    });
    afterAll(() => projects.forEach((project) => project.dispose()));

    const start = (text: string): WatchedProject => {
      const project = new WatchedProject(withRecords(text), engine);
      projects.push(project);
      project.start();
      return project;
    };
    const cycle = (project: WatchedProject, text: string) => {
      const outcome = project.cycle(withRecords(text));
      expect(outcome.fallback).toBeNull();
      expect(JSON.stringify(outcome.inventory, null, 1)).toBe(JSON.stringify(project.full(), null, 1));
      return outcome;
    };

    it("an edited description: the file's two other tools keep their resolutions", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const outcome = cycle(project, recordsFile({ description: "Updates one record", body: BODY }));
      expect(outcome.carried).toBe(2);
      expect(outcome.inventory.tools.find((tool) => tool.name === "update_record")?.description).toBe("Updates one record");
    });

    it("lines added in a handler: the tool after it keeps its resolution, its lines moved", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const before = project.inventory!.tools.find((tool) => tool.name === "search_records")!;
      const longer = [`    const when = new Date().toISOString();`, `    const payload = { id, updated: true, when };`, BODY.split("\n")[1]!].join("\n");
      const outcome = cycle(project, recordsFile({ description: "Updates a record", body: longer }));
      expect(outcome.carried).toBe(2);
      const after = outcome.inventory.tools.find((tool) => tool.name === "search_records")!;
      expect(after.line).toBe(before.line + 1);
      expect(after.returns.map((path) => path.line)).toEqual(before.returns.map((path) => path.line + 1));
      expect(outcome.inventory.tools.find((tool) => tool.name === "update_record")?.payloadType).toContain("when: string");
    });

    it("an edit outside any registration (a declaration the handlers read) carries nothing", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const outcome = cycle(project, recordsFile({ description: "Updates a record", body: BODY }).replace("const limit = 10;", `const limit = "ten";`));
      expect(outcome.carried).toBe(0);
      expect(outcome.inventory.tools.find((tool) => tool.name === "search_records")?.payloadType).toContain("limit: string");
    });

    it("a declaration added beside the edited registration, shadowing what a later handler reads, carries nothing", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const shadowing = recordsFile({ description: "Updates a record", body: BODY }).replace(
        `  server.registerTool("search_records"`,
        `  const limit = "local";\n  server.registerTool("search_records"`,
      );
      const outcome = cycle(project, shadowing);
      expect(outcome.carried).toBe(0);
      expect(outcome.inventory.tools.find((tool) => tool.name === "search_records")?.payloadType).toContain("limit: string");
    });

    it("top-level registrations (the watch tests' model): a description edit keeps the other tool of the file", () => {
      let model = baseModel(3);
      model = { ...model, tools: model.tools.map((tool, i) => (i === 1 ? { ...tool, extra: "tool_1_again" } : tool)) };
      const project = new WatchedProject(renderModel(model), engine);
      projects.push(project);
      project.start();
      const edited = { ...model, tools: model.tools.map((tool, i) => (i === 1 ? { ...tool, description: "Edited" } : tool)) };
      const outcome = project.cycle(renderModel(edited));
      expect(outcome.fallback).toBeNull();
      expect(outcome.carried).toBe(1);
      expect(JSON.stringify(outcome.inventory, null, 1)).toBe(JSON.stringify(project.full(), null, 1));
    });

    it("an edit across two registrations carries nothing", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const both = recordsFile({ description: "Updates a record", body: BODY })
        .replace(`description: "Lists records"`, `description: "Lists the records"`)
        .replace(`const payload = { id, updated: true };`, `const payload = { id, updated: false };`);
      const outcome = cycle(project, both);
      expect(outcome.carried).toBe(0);
    });
  });
}
