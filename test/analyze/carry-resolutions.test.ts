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

/** Tool objects in an array, served by a low-level Server in another file (the way JSON Schema servers list theirs). */
function reportsFile(options: { middle: string; declared: boolean; namedAgain?: boolean }): string {
  const tool = (name: string, description: string, field: string) =>
    [
      `  {`,
      `    name: ${JSON.stringify(name)},`,
      `    description: ${JSON.stringify(description)},`,
      `    inputSchema: { type: "object", properties: { day: { type: "string" } } },`,
      `    handler: async (args) => {`,
      `      const payload = { day: String(args["day"]), ${field}: 1 };`,
      `      return { content: [{ type: "text", text: JSON.stringify(payload) }], structuredContent: payload };`,
      `    },`,
      `  },`,
    ].join("\n");
  return [
    `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";`,
    ``,
    `export interface JsonTool {`,
    `  name: string;`,
    `  description: string;`,
    `  inputSchema: { type: "object"; properties: Record<string, object> };`,
    `  handler(args: Record<string, unknown>): Promise<CallToolResult>;`,
    `}`,
    ``,
    `export const reportTools${options.declared ? ": JsonTool[]" : ""} = [`,
    tool("daily_report", "Reports one day", "visits"),
    tool("weekly_report", options.middle, "orders"),
    tool("monthly_report", "Reports one month", "refunds"),
    `];`,
    options.namedAgain ? `\nexport const reportCount = reportTools.length;` : ``,
    ``,
  ].join("\n");
}

const REPORTS_SERVER = [
  `import { Server } from "@modelcontextprotocol/sdk/server/index.js";`,
  `import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";`,
  `import { reportTools } from "./reports.js";`,
  ``,
  `export const server = new Server({ name: "reports", version: "1.0.0" }, { capabilities: { tools: {} } });`,
  `server.setRequestHandler(ListToolsRequestSchema, async () => ({`,
  `  tools: reportTools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),`,
  `}));`,
  `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
  `  const tool = reportTools.find((candidate) => candidate.name === request.params.name);`,
  `  if (tool === undefined) throw new Error(\`Unknown tool: \${request.params.name}\`);`,
  `  return tool.handler(request.params.arguments ?? {});`,
  `});`,
  ``,
].join("\n");

const withReports = (text: string) =>
  new Map([...BASE_FILES].filter(([path]) => path !== "src/server.ts")).set("src/server.ts", REPORTS_SERVER).set("src/reports.ts", text);

describe("textEdit", () => {
  it("is the span between the common prefix and the common suffix", () => {
    expect(textEdit("abcXYdef", "abcZdef")).toEqual({ start: 3, oldEnd: 5, newEnd: 4 });
    expect(textEdit("aaa", "aaaa")).toEqual({ start: 3, oldEnd: 3, newEnd: 4 });
    expect(textEdit("same", "same")).toEqual({ start: 4, oldEnd: 4, newEnd: 4 });
  });
});

/**
 * npm test runs four cases on TypeScript 6 (one carry of each kind, and the shadowing that must not
 * carry); test:full (FUZZ_RUNS set) runs the others on TypeScript 6 and every case on TypeScript 7,
 * as incremental.test.ts divides its cases.
 */
const fullRun = process.env["FUZZ_RUNS"] !== undefined;
const ENGINES = fullRun ? (["ts6", "ts7"] as const) : (["ts6"] as const);

for (const engineId of ENGINES) {
  /** A case npm test runs, on TypeScript 6; test:full runs it on TypeScript 7 only. */
  const smoke = it.runIf(!fullRun || engineId === "ts7");
  /** A case test:full runs on both engines. */
  const more = it.runIf(fullRun);
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

    smoke("an edited description: the file's two other tools keep their resolutions", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const outcome = cycle(project, recordsFile({ description: "Updates one record", body: BODY }));
      expect(outcome.carried).toBe(2);
      expect(outcome.inventory.tools.find((tool) => tool.name === "update_record")?.description).toBe("Updates one record");
    });

    smoke("lines added in a handler: the tool after it keeps its resolution, its lines moved", () => {
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

    more("an edit outside any registration (a declaration the handlers read) carries nothing", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const outcome = cycle(project, recordsFile({ description: "Updates a record", body: BODY }).replace("const limit = 10;", `const limit = "ten";`));
      expect(outcome.carried).toBe(0);
      expect(outcome.inventory.tools.find((tool) => tool.name === "search_records")?.payloadType).toContain("limit: string");
    });

    smoke("a declaration added beside the edited registration, shadowing what a later handler reads, carries nothing", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const shadowing = recordsFile({ description: "Updates a record", body: BODY }).replace(
        `  server.registerTool("search_records"`,
        `  const limit = "local";\n  server.registerTool("search_records"`,
      );
      const outcome = cycle(project, shadowing);
      expect(outcome.carried).toBe(0);
      expect(outcome.inventory.tools.find((tool) => tool.name === "search_records")?.payloadType).toContain("limit: string");
    });

    more("top-level registrations (the watch tests' model): a description edit keeps the other tool of the file", () => {
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

    const reports = (options: Omit<Parameters<typeof reportsFile>[0], "middle">) => {
      const project = new WatchedProject(withReports(reportsFile({ ...options, middle: "Reports one week" })), engine);
      projects.push(project);
      project.start();
      expect(project.inventory!.tools.map((tool) => tool.name).sort()).toEqual(["daily_report", "monthly_report", "weekly_report"]);
      const outcome = project.cycle(withReports(reportsFile({ ...options, middle: "Reports one whole week" })));
      expect(outcome.fallback).toBeNull();
      expect(JSON.stringify(outcome.inventory, null, 1)).toBe(JSON.stringify(project.full(), null, 1));
      expect(outcome.inventory.tools.find((tool) => tool.name === "weekly_report")?.description).toBe("Reports one whole week");
      return outcome;
    };

    smoke("tool objects in an array whose type is declared: an edit in one keeps the other two", () => {
      expect(reports({ declared: true }).carried).toBe(2);
    });

    more("tool objects in an array whose type is inferred from them carry nothing", () => {
      expect(reports({ declared: false }).carried).toBe(0);
    });

    more("tool objects in an array the file names again (the analysis may read its elements as written) carry nothing", () => {
      expect(reports({ declared: true, namedAgain: true }).carried).toBe(0);
    });

    more("a file it imports changed in the same cycle, declaring what it did (a comment edited): still carried", () => {
      const texts = (word: string) => `export const VERSION = 1;\n\n/** The currency, ${word}. */\nexport const UNITS = "eur";\n`;
      const importing = (description: string) =>
        recordsFile({ description, body: BODY })
          .replace(`import { z } from "zod";`, `import { z } from "zod";\nimport { UNITS } from "./texts.js";`)
          .replace("const payload = { page, limit };", "const payload = { page, limit, units: UNITS };");
      const files = (description: string, word: string) => withRecords(importing(description)).set("src/tools/texts.ts", texts(word));
      const project = new WatchedProject(files("Updates a record", "as sold"), engine);
      projects.push(project);
      project.start();
      const outcome = project.cycle(files("Updates one record", "as billed"));
      expect(outcome.fallback).toBeNull();
      expect(outcome.carried).toBe(2);
      expect(JSON.stringify(outcome.inventory, null, 1)).toBe(JSON.stringify(project.full(), null, 1));
    });

    more("an edit across two registrations carries nothing", () => {
      const project = start(recordsFile({ description: "Updates a record", body: BODY }));
      const both = recordsFile({ description: "Updates a record", body: BODY })
        .replace(`description: "Lists records"`, `description: "Lists the records"`)
        .replace(`const payload = { id, updated: true };`, `const payload = { id, updated: false };`);
      const outcome = cycle(project, both);
      expect(outcome.carried).toBe(0);
    });
  });
}
