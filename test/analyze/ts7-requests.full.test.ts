import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import type { IncrementalOutcome } from "../../src/analyze/incremental.js";
import { WatchedProject } from "./incremental-helpers.js";
import { runStatePath } from "../../src/incremental/run-state.js";
import { writeSyntheticServer } from "../../bench/synthetic-server.js";

/**
 * What the analysis asks TypeScript 7, counted: each request is a round trip to the compiler
 * process (about 60 µs of transport on top of the compiler's work), so the count is the engine's
 * speed. Held for a low-level server of tool objects, whose handlers the listing walk must not
 * read (a tool's own handler does not list tools), and for a namespace-imported listing. A change
 * that asks more fails here; one that asks less updates the numbers.
 */
type ApiRequest = (method: string, params: unknown) => unknown;
const client = (await import(pathToFileURL(join(repoRoot, "node_modules", "typescript7", "dist", "api", "sync", "client.js")).href)) as {
  Client: { prototype: { apiRequest: ApiRequest; apiRequestBinary: ApiRequest } };
};
// Requests written ahead of their answers bypass `apiRequest` (the rounds of src/analyze/engine/ts7-pipeline.ts, the
// compiler started ahead by ts7-head-start.ts): counted as the channel writes them.
type WriteTuple = (type: number, name: Buffer, payload: unknown) => void;
const channel = (await import(pathToFileURL(join(repoRoot, "node_modules", "typescript7", "dist", "api", "syncChannel.js")).href)) as {
  SyncRpcChannel: { prototype: { writeTuple: WriteTuple } };
};
const MSG_REQUEST = 1;
const originalRequest = client.Client.prototype.apiRequest;
const originalBinaryRequest = client.Client.prototype.apiRequestBinary;
const originalWriteTuple = channel.SyncRpcChannel.prototype.writeTuple;
const scratch: string[] = [];
afterEach(() => {
  client.Client.prototype.apiRequest = originalRequest;
  client.Client.prototype.apiRequestBinary = originalBinaryRequest;
  channel.SyncRpcChannel.prototype.writeTuple = originalWriteTuple;
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Requests by method (and how many nodes the batched symbol questions carried) while `run` runs. */
async function requestsDuring(run: () => Promise<void>): Promise<Record<string, number>> {
  const asked: Record<string, number> = {};
  let inRequest = false;
  client.Client.prototype.apiRequest = function (this: unknown, method: string, params: unknown) {
    asked[method] = (asked[method] ?? 0) + 1;
    const locations = (params as { locations?: unknown[] } | null)?.locations;
    if (method === "getSymbolsAtLocations" && locations) asked["symbolsAsked"] = (asked["symbolsAsked"] ?? 0) + locations.length;
    inRequest = true;
    try {
      return originalRequest.call(this, method, params);
    } finally {
      inRequest = false;
    }
  };
  // A source file comes as binary data: counted the same way.
  client.Client.prototype.apiRequestBinary = function (this: unknown, method: string, params: unknown) {
    asked[method] = (asked[method] ?? 0) + 1;
    inRequest = true;
    try {
      return originalBinaryRequest.call(this, method, params);
    } finally {
      inRequest = false;
    }
  };
  channel.SyncRpcChannel.prototype.writeTuple = function (this: unknown, type: number, name: Buffer, payload: unknown) {
    if (type === MSG_REQUEST && !inRequest) {
      const key = `${name.toString("utf-8")} (written ahead)`;
      asked[key] = (asked[key] ?? 0) + 1;
    }
    return originalWriteTuple.call(this, type, name, payload);
  };
  try {
    await run();
  } finally {
    client.Client.prototype.apiRequest = originalRequest;
    client.Client.prototype.apiRequestBinary = originalBinaryRequest;
    channel.SyncRpcChannel.prototype.writeTuple = originalWriteTuple;
  }
  return Object.fromEntries(Object.entries(asked).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The files the analysis fetches from the compiler from now on (until afterEach): every request, asked alone or written ahead, is written to the channel. */
function recordFetchedFiles(): string[] {
  const fetched: string[] = [];
  channel.SyncRpcChannel.prototype.writeTuple = function (this: unknown, type: number, name: Buffer, payload: unknown) {
    if (type === MSG_REQUEST && name.toString("utf-8") === "getSourceFile") {
      const text = typeof payload === "string" ? payload : Buffer.from(payload as Uint8Array).toString("utf-8");
      fetched.push((JSON.parse(text) as { file: string }).file);
    }
    return originalWriteTuple.call(this, type, name, payload);
  };
  return fetched;
}

/** A scratch copy of the stock legacy server (under the git-ignored .tmp/, so its packages resolve), removed after the test. */
function stockLegacyCopy(): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", "ts7-requests-"));
  scratch.push(parent);
  const dir = join(parent, "project");
  cpSync(join(fixturesRoot, "stock-legacy"), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  return dir;
}

async function requestsOf(fixture: string): Promise<Record<string, number>> {
  const engine = await loadEngine("ts7");
  return requestsDuring(async () => {
    const result = analyze({ project: join(fixturesRoot, fixture, "tsconfig.json"), cwd: repoRoot, engine });
    result.session.close();
    expect(result.inventory.tools.length).toBeGreaterThan(0);
  });
}

describe("questions asked of TypeScript 7", () => {
  it("styles/tool-object: the listing walk reads the tool objects, not their handlers", async () => {
    expect(await requestsOf("styles/tool-object")).toMatchInlineSnapshot(`
      {
        "getAliasedSymbol": 7,
        "getBooleanType": 1,
        "getConfigFileParsingDiagnostics": 1,
        "getDeclaredTypeOfSymbol": 3,
        "getExportsOfModule (written ahead)": 7,
        "getPropertiesOfType": 5,
        "getSourceFile": 2,
        "getSourceFile (written ahead)": 7,
        "getSourceFileMetadata": 1,
        "getSourceFileNames": 1,
        "getStringType": 1,
        "getSymbolAtLocation": 23,
        "getSymbolOfType": 4,
        "getSymbolsAtLocations": 7,
        "getSyntacticDiagnostics": 1,
        "getTypeAtLocation": 6,
        "getTypeAtLocations": 2,
        "getTypesOfSymbols": 5,
        "getTypesOfType": 3,
        "getUndefinedType": 1,
        "initialize": 1,
        "release": 1,
        "resolveName": 3,
        "symbolsAsked": 93,
        "typeToString": 8,
        "typeToString (written ahead)": 3,
        "typeToTypeNode": 1,
        "updateSnapshot": 1,
      }
    `);
  });

  it("check of a server not yet migrated: each handler's calls and exits asked at once, for every tool", async () => {
    const dir = stockLegacyCopy();
    expect((await runCli(["generate", "--protocol", "aorp", "--engine", "ts6", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    // As in CI on a fresh clone: no record of the generate. With one, whether its stamps still hold
    // depends on the clock, and where they do not, the record's check reads the tsconfig with a
    // TypeScript 7 process of its own, two more requests.
    rmSync(runStatePath(dir, join(dir, "tsconfig.json"))!);
    let exitCode: number | undefined;
    const asked = await requestsDuring(async () => {
      exitCode = (await runCli(["check", "--protocol", "aorp", "--format", "json", "--engine", "ts7"], { cwd: dir })).exitCode;
    });
    expect(exitCode).toBe(1);
    expect(asked).toMatchInlineSnapshot(`
      {
        "getAliasSymbolOfType": 2,
        "getAliasedSymbol": 53,
        "getBooleanType": 1,
        "getConfigFileParsingDiagnostics": 1,
        "getDeclaredTypeOfSymbol": 5,
        "getExportsOfModule": 4,
        "getExportsOfModule (written ahead)": 14,
        "getIndexInfosOfType": 1,
        "getPropertiesOfType": 11,
        "getPropertyOfType": 2,
        "getSignaturesOfType": 2,
        "getSourceFile": 7,
        "getSourceFile (written ahead)": 14,
        "getSourceFileMetadata": 1,
        "getSourceFileNames": 2,
        "getStringType": 1,
        "getSymbolAtLocation": 10,
        "getSymbolOfType": 3,
        "getSymbolsAtLocations": 4,
        "getSyntacticDiagnostics": 1,
        "getTargetOfType": 1,
        "getTypeArguments": 6,
        "getTypeAtLocation": 7,
        "getTypeAtLocations": 3,
        "getTypeOfSymbol": 1,
        "getTypeParametersOfType": 1,
        "getTypesOfSymbols": 11,
        "getTypesOfType": 12,
        "getUndefinedType": 1,
        "initialize": 1,
        "initialize (written ahead)": 1,
        "isTupleType": 4,
        "isTypeAssignableTo": 1,
        "release": 1,
        "resolveName": 3,
        "symbolsAsked": 428,
        "typeToString": 7,
        "typeToString (written ahead)": 5,
        "typeToTypeNode": 1,
        "updateSnapshot": 1,
        "updateSnapshot (written ahead)": 1,
      }
    `);
  });

  it("a project with its output present: none of the output's files is fetched, and the inventory is the one without it", async () => {
    const dir = stockLegacyCopy();
    const engine = await loadEngine("ts7");
    const inventoryOf = () => {
      const result = analyze({ project: join(dir, "tsconfig.json"), cwd: dir, engine });
      result.session.close();
      return result.inventory;
    };
    const without = inventoryOf();
    expect((await runCli(["generate", "--protocol", "aorp", "--engine", "ts6", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    const output = readdirSync(join(dir, "src", "generated", "mcp-conform"), { recursive: true }).filter((name) => String(name).endsWith(".ts"));
    expect(output.length).toBeGreaterThan(without.tools.length);

    const fetched = recordFetchedFiles();
    const withOutput = inventoryOf();
    expect(withOutput).toEqual(without);
    expect(fetched.map((file) => relative(dir, file)).filter((file) => file.startsWith("src/generated/"))).toEqual([]);
    expect(fetched.length).toBeGreaterThan(0);
  });

  // json-zod: calls into lib (`JSON.stringify`, `Math.round`), a class that extends `Error`, `registerTool`
  // and a low-level `Server`. styles: every discovery style, globals the evaluator meets (`Object`,
  // `new Map(...)`) and a tool list imported from a package's declarations (fastmcp's).
  it.each(["json-zod", "styles"] as const)(
    "%s: the files of library declarations a name is followed to are not fetched (lib.es5.d.ts, the SDK's server)",
    async (shape) => {
      mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
      const dir = mkdtempSync(join(repoRoot, ".tmp", "ts7-requests-"));
      scratch.push(dir);
      writeSyntheticServer(dir, { tools: 5, seed: 1, shape });
      const fetched = recordFetchedFiles();
      const engine = await loadEngine("ts7");
      const result = analyze({ project: join(dir, "tsconfig.json"), cwd: dir, engine });
      result.session.close();
      expect(result.inventory.tools).toHaveLength(5);
      expect(fetched.length).toBeGreaterThan(5);
      expect(fetched.filter((file) => file.includes("/node_modules/") || !file.startsWith(dir))).toEqual([]);
    },
  );

  it("real-world/namespace-listing", async () => {
    expect(await requestsOf("real-world/namespace-listing")).toMatchInlineSnapshot(`
      {
        "getAliasedSymbol": 1,
        "getBooleanType": 1,
        "getConfigFileParsingDiagnostics": 1,
        "getDeclaredTypeOfSymbol": 3,
        "getExportsOfModule (written ahead)": 2,
        "getPropertiesOfType": 2,
        "getSourceFile (written ahead)": 2,
        "getSourceFileMetadata": 1,
        "getSourceFileNames": 1,
        "getStringType": 1,
        "getSymbolAtLocation": 5,
        "getSymbolOfType": 1,
        "getSymbolsAtLocations": 3,
        "getSyntacticDiagnostics": 1,
        "getTypeArguments": 1,
        "getTypeAtLocation": 6,
        "getTypesOfSymbols": 2,
        "getTypesOfType": 1,
        "getUndefinedType": 1,
        "initialize": 1,
        "release": 1,
        "resolveName": 3,
        "symbolsAsked": 21,
        "typeToString": 3,
        "updateSnapshot": 1,
      }
    `);
  });
});

/** The tsconfig of the watch-cycle projects below: an ES module project on Node's resolution, as SDK servers are. */
const NODE_NEXT_TSCONFIG = JSON.stringify({
  compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true },
  include: ["src"],
});

describe("questions asked of TypeScript 7 in a watch cycle", () => {
  /** A low-level server that dispatches tool objects imported from another file, the way such servers split. */
  const lowLevelServer = (description: string): Map<string, string> =>
    new Map([
      ["tsconfig.json", NODE_NEXT_TSCONFIG],
      [
        "src/tools.ts",
        [
          `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";`,
          `export interface Tool { name: string; description: string; inputSchema: { type: "object"; properties: Record<string, object> }; handle(args: Record<string, unknown>): Promise<CallToolResult> }`,
          `export const tools: Tool[] = [`,
          `  { name: "ping", description: ${JSON.stringify(description)}, inputSchema: { type: "object", properties: {} }, handle: async () => ({ content: [{ type: "text", text: "pong" }] }) },`,
          `  { name: "echo", description: "Says it back", inputSchema: { type: "object", properties: { text: { type: "string" } } }, handle: async (args) => ({ content: [{ type: "text", text: String(args["text"]) }] }) },`,
          `];`,
        ].join("\n"),
      ],
      [
        "src/server.ts",
        [
          `import { Server } from "@modelcontextprotocol/sdk/server/index.js";`,
          `import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";`,
          `import { tools } from "./tools.js";`,
          `export const server = new Server({ name: "dispatch", version: "1.0.0" }, { capabilities: { tools: {} } });`,
          `server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) }));`,
          `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
          `  const tool = tools.find((candidate) => candidate.name === request.params.name);`,
          `  if (!tool) throw new Error("unknown tool " + request.params.name);`,
          `  return tool.handle(request.params.arguments ?? {});`,
          `});`,
        ].join("\n"),
      ],
    ]);

  it("an edit to the tools file batches that file's names only: the dispatcher, affected but unchanged, keeps its answers", async () => {
    const project = new WatchedProject(lowLevelServer("Answers pong"), await loadEngine("ts7"));
    try {
      project.start();
      let outcome: IncrementalOutcome | undefined;
      const asked = await requestsDuring(async () => {
        outcome = project.cycle(lowLevelServer("Answers pong, always"));
      });
      // Both files are walked again (the dispatcher imports the edited one) and the listing is reassembled.
      expect(outcome).toMatchObject({ fallback: null, affected: 2, reassembled: true });
      expect(outcome!.inventory.tools.map((tool) => [tool.name, tool.description])).toEqual([
        ["echo", "Says it back"],
        ["ping", "Answers pong, always"],
      ]);
      expect(outcome!.inventory).toEqual(project.full());
      // The edited file's names. Batching the dispatcher's too asked 20, among them `setRequestHandler`
      // and `request.params`, whose answers cost a new checker the SDK's request types.
      expect(asked["symbolsAsked"]).toBe(10);
    } finally {
      project.dispose();
    }
  });
});

describe("what a watch cycle tells TypeScript 7 of", () => {
  /** A server of `count` registered tools, one file each, every description ending in `suffix`. */
  const registered = (count: number, suffix: string): Map<string, string> =>
    new Map([
      ["tsconfig.json", NODE_NEXT_TSCONFIG],
      [
        "src/server.ts",
        `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "many", version: "1.0.0" });`,
      ],
      ...Array.from({ length: count }, (_, i): [string, string] => [
        `src/tool-${i}.ts`,
        [
          `import { z } from "zod";`,
          `import { server } from "./server.js";`,
          `interface Result${i} { value: number }`,
          `server.registerTool("tool_${i}", { description: "Tool ${i}${suffix}", inputSchema: { n: z.number() } }, async ({ n }) => {`,
          `  const result: Result${i} = { value: n };`,
          `  return { content: [{ type: "text", text: JSON.stringify(result) }] };`,
          `});`,
        ].join("\n"),
      ]),
    ]);

  /** One watch cycle to `files`: the files each `updateSnapshot` told the compiler of (relative), and the cycle's outcome. */
  function toldInCycle(project: WatchedProject, files: Map<string, string>): { told: string[][]; outcome: IncrementalOutcome } {
    const told: string[][] = [];
    client.Client.prototype.apiRequest = function (this: unknown, method: string, params: unknown) {
      const changes = (params as { fileChanges?: Record<"changed" | "created" | "deleted", string[]> } | null)?.fileChanges;
      if (method === "updateSnapshot" && changes)
        told.push([...changes.changed, ...changes.created, ...changes.deleted].map((file) => relative(project.dir, file)));
      return originalRequest.call(this, method, params);
    };
    try {
      return { told, outcome: project.cycle(files) };
    } finally {
      client.Client.prototype.apiRequest = originalRequest;
    }
  }

  it("a few changed files one at a time (each alone is replaced in place; together the program is built again), and the cycle sees them all", async () => {
    const project = new WatchedProject(registered(3, ""), await loadEngine("ts7"));
    try {
      project.start();
      const { told, outcome } = toldInCycle(project, registered(3, ", edited"));
      expect(told).toEqual([["src/tool-0.ts"], ["src/tool-1.ts"], ["src/tool-2.ts"]]);
      expect(outcome.inventory.tools.map((tool) => tool.description)).toEqual(["Tool 0, edited", "Tool 1, edited", "Tool 2, edited"]);
      expect(outcome.inventory).toEqual(project.full());
    } finally {
      project.dispose();
    }
  });

  it("many changed files, or a created one, in one update", async () => {
    const project = new WatchedProject(registered(7, ""), await loadEngine("ts7"));
    try {
      project.start();
      const edited = toldInCycle(project, registered(7, ", edited"));
      expect(edited.told.map((files) => files.length)).toEqual([7]);
      expect(edited.outcome.inventory).toEqual(project.full());

      const grown = registered(8, ", edited");
      grown.set("src/tool-0.ts", grown.get("src/tool-0.ts")!.replace("Tool 0, edited", "Tool 0, again"));
      const { told, outcome } = toldInCycle(project, grown);
      expect(told).toEqual([["src/tool-0.ts", "src/tool-7.ts"]]);
      expect(outcome.inventory.tools).toHaveLength(8);
      expect(outcome.inventory).toEqual(project.full());
    } finally {
      project.dispose();
    }
  });
});

describe("questions asked of TypeScript 7 in a watch cycle, beside a low-level server", () => {
  /** A low-level server and, in a file of its own that nothing imports, a registered tool whose module imports a package that is not installed. */
  const sources = (description: string): Map<string, string> =>
    new Map([
      ["tsconfig.json", NODE_NEXT_TSCONFIG],
      [
        "src/admin.ts",
        [
          `import { Server } from "@modelcontextprotocol/sdk/server/index.js";`,
          `import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";`,
          `interface FlushResult { dropped: number; dryRun: boolean; at: string }`,
          `interface RotateResult { archived: number; kept: number; files: Array<{ name: string; bytes: number }> }`,
          `const tools = [`,
          `  { name: "flush_cache", description: "Drop every cache entry", inputSchema: { type: "object" as const, properties: {} } },`,
          `  { name: "rotate_logs", description: "Start a new log", inputSchema: { type: "object" as const, properties: {} } },`,
          `];`,
          `export const admin = new Server({ name: "admin", version: "1.0.0" }, { capabilities: { tools: {} } });`,
          `admin.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));`,
          `admin.setRequestHandler(CallToolRequestSchema, async (request) => {`,
          `  if (request.params.name === "flush_cache") {`,
          `    const result: FlushResult = { dropped: 3, dryRun: false, at: "now" };`,
          `    return { content: [{ type: "text", text: JSON.stringify(result) }] };`,
          `  }`,
          `  const result: RotateResult = { archived: 1, kept: 2, files: [] };`,
          `  return { content: [{ type: "text", text: JSON.stringify(result) }] };`,
          `});`,
        ].join("\n"),
      ],
      [
        "src/report.ts",
        [
          `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
          `import { z } from "zod";`,
          `import { render } from "not-installed-renderer";`,
          `interface Report { title: string; rows: number }`,
          `export const server = new McpServer({ name: "reports", version: "1.0.0" });`,
          `server.registerTool("make_report", { description: ${JSON.stringify(description)}, inputSchema: { title: z.string() } }, async ({ title }) => {`,
          `  const report: Report = { title: render(title), rows: 0 };`,
          `  return { content: [{ type: "text", text: JSON.stringify(report) }] };`,
          `});`,
        ].join("\n"),
      ],
    ]);

  it("an edit beside the server asks nothing of the server's files, and keeps what the unchanged files' imports resolve to", async () => {
    const project = new WatchedProject(sources("Makes a report"), await loadEngine("ts7"));
    try {
      const first = project.start();
      expect(first.diagnostics.filter((d) => d.message.includes("not-installed-renderer")).map((d) => d.file)).toEqual(["src/report.ts"]);
      // An edit of the server: the registered tool's file is unaffected, and its package warning kept.
      const serverEdited = (description: string) =>
        sources(description).set("src/admin.ts", sources(description).get("src/admin.ts")!.replace("Drop every", "Drops every"));
      let outcome = project.cycle(serverEdited("Makes a report"));
      expect(outcome).toMatchObject({ fallback: null, affected: 1, reassembled: true });
      expect(outcome.inventory).toEqual(project.full());

      const asked = await requestsDuring(async () => {
        outcome = project.cycle(serverEdited("Makes a report, now"));
      });
      expect(outcome).toMatchObject({ fallback: null, affected: 1, reassembled: false });
      expect(outcome.inventory.tools.find((tool) => tool.name === "make_report")?.description).toBe("Makes a report, now");
      expect(outcome.inventory).toEqual(project.full());
      // The edited file's names, package imports and declared members, and one batch of their types.
      // Batching the server's files too asked 8 symbols more (its interfaces' members), and asking
      // every tool file's package imports again 2 more (the server's, unchanged).
      expect([asked["symbolsAsked"], asked["getTypesOfSymbols"]]).toEqual([17, 1]);
    } finally {
      project.dispose();
    }
  });
});
