import fc from "fast-check";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderServer, serverArbitrary } from "../fuzz/server-arbitrary.js";
import { WatchedProject, baseModel, renderModel, type ServerModel } from "./incremental-helpers.js";
import type { Inventory } from "../../src/analyze/inventory.js";
import type { Engine } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";

/**
 * Incremental analysis (src/analyze/incremental.ts) must give exactly what a full analysis gives.
 * Projects are written under the git-ignored .tmp/ so the real SDK and zod resolve.
 */
const runs = Number(process.env["FUZZ_RUNS"] ?? 2);
/**
 * `npm test` runs the commoner cases on TypeScript 6 (test/cli/watch-engines.test.ts watches on
 * TypeScript 7 there, end to end). `npm run test:full` (FUZZ_RUNS set) runs what npm test does not, and CI runs
 * both: the cases on TypeScript 7, the fallbacks and the rarer cases on both engines, and the property over random
 * servers on both: FUZZ_RUNS servers in all, two thirds on TypeScript 6 and a third on 7, whose
 * incremental path is the same code as 6's over another project update, and whose full
 * analyses, one per edit, each start a compiler.
 */
const fullRun = process.env["FUZZ_RUNS"] !== undefined;
const ENGINES = fullRun ? (["ts6", "ts7"] as const) : (["ts6"] as const);
/** A case npm test runs (on TypeScript 6): test:full runs it on TypeScript 7 only. */
const caseOn = (engineId: "ts6" | "ts7") => it.runIf(!fullRun || engineId === "ts7");
/** A rarer case, which test:full runs on both engines (npm test stays under its 4 minutes). */
const rarerCase = it.runIf(fullRun);
const projects: WatchedProject[] = [];
afterAll(() => {
  for (const project of projects) project.dispose();
});

/** The engine the current suite watches with (both run every test: watch mode follows the project's TypeScript). */
let engine: Engine | "ts6" = "ts6";

function watched(files: Map<string, string>): WatchedProject {
  const project = new WatchedProject(files, engine);
  projects.push(project);
  return project;
}

function open(model: ServerModel): WatchedProject {
  const project = watched(renderModel(model));
  project.start();
  expect(project.engineId).toBe(engine === "ts6" ? "ts6" : engine.id);
  return project;
}

const same = (project: WatchedProject, inventory: unknown): void => {
  expect(JSON.stringify(inventory, null, 1)).toBe(JSON.stringify(project.full(), null, 1));
};

type Edit =
  | { kind: "description"; tool: number; text: string }
  | { kind: "field"; tool: number; field: string }
  | { kind: "shared"; field: string }
  | { kind: "mention"; tool: number; target: number }
  | { kind: "add-in-file"; tool: number; name: string }
  | { kind: "remove-in-file"; tool: number }
  | { kind: "add-file"; name: string }
  | { kind: "remove-file"; tool: number }
  | { kind: "rename"; tool: number; name: string }
  | { kind: "other-file"; text: string };

const ident = fc.constantFrom("alpha", "beta", "gamma", "delta", "omega", "count", "total");
const toolName = fc.tuple(fc.constantFrom("get", "list", "sync"), fc.constantFrom("orders", "users", "notes"), fc.nat(99)).map(([a, b, n]) => `${a}_${b}_${n}`);
const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant("description" as const),
    tool: fc.nat(),
    text: fc.constantFrom("Finds things", "Lists the tool_0 results", "Edited", "Use tool_1 first"),
  }),
  fc.record({
    kind: fc.constant("field" as const),
    tool: fc.nat(),
    field: ident,
  }),
  fc.record({ kind: fc.constant("shared" as const), field: ident }),
  fc.record({
    kind: fc.constant("mention" as const),
    tool: fc.nat(),
    target: fc.integer({ min: -1, max: 20 }),
  }),
  fc.record({
    kind: fc.constant("add-in-file" as const),
    tool: fc.nat(),
    name: toolName,
  }),
  fc.record({ kind: fc.constant("remove-in-file" as const), tool: fc.nat() }),
  fc.record({ kind: fc.constant("add-file" as const), name: toolName }),
  fc.record({ kind: fc.constant("remove-file" as const), tool: fc.nat() }),
  fc.record({
    kind: fc.constant("rename" as const),
    tool: fc.nat(),
    name: toolName,
  }),
  fc.record({
    kind: fc.constant("other-file" as const),
    text: fc.constantFrom("Edited", "Mentions tool_2"),
  }),
);

function applyEdit(model: ServerModel, edit: Edit): ServerModel {
  const tools = model.tools.map((tool) => ({ ...tool }));
  const names = new Set(tools.flatMap((tool) => [tool.name, ...(tool.extra ? [tool.extra] : [])]));
  const pick = (index: number) => (tools.length > 0 ? tools[index % tools.length] : undefined);
  switch (edit.kind) {
    case "description": {
      const tool = pick(edit.tool);
      if (tool) tool.description = `${edit.text} (${tool.file})`;
      break;
    }
    case "field": {
      const tool = pick(edit.tool);
      if (tool) tool.field = edit.field;
      break;
    }
    case "shared":
      return { ...model, tools, sharedField: edit.field };
    case "mention": {
      const tool = pick(edit.tool);
      if (tool) tool.mention = edit.target;
      break;
    }
    case "add-in-file": {
      const tool = pick(edit.tool);
      if (tool && !names.has(edit.name)) tool.extra = edit.name;
      break;
    }
    case "remove-in-file": {
      const tool = tools.find((t, i) => t.extra && i >= edit.tool % Math.max(tools.length, 1)) ?? tools.find((t) => t.extra);
      if (tool) tool.extra = null;
      break;
    }
    case "add-file": {
      if (names.has(edit.name)) break;
      const file = Math.max(-1, ...tools.map((t) => t.file)) + 1;
      tools.push({
        file,
        name: edit.name,
        description: "Added",
        field: "added",
        mention: 0,
        shared: file % 2 === 0,
        extra: null,
      });
      break;
    }
    case "remove-file": {
      if (tools.length > 1) tools.splice(edit.tool % tools.length, 1);
      break;
    }
    case "rename": {
      const tool = pick(edit.tool);
      if (tool && !names.has(edit.name)) tool.name = edit.name;
      break;
    }
    case "other-file": {
      const extra = new Map(model.extra);
      for (const [path, content] of extra) {
        if (!path.endsWith(".ts")) continue;
        const edited = content.replace(/"Tool ([a-z_0-9]+)"/, `"Tool $1 ${edit.text}"`);
        if (edited !== content) {
          extra.set(path, edited);
          break;
        }
      }
      return { ...model, tools, extra };
    }
  }
  return { ...model, tools };
}

describe.each(ENGINES)("on the %s engine", (engineId) => {
  beforeAll(async () => {
    engine = engineId === "ts6" ? "ts6" : await loadEngine("ts7");
  });

  describe("incremental analysis", () => {
    // A property: test:full runs it (6 servers on TypeScript 6, 3 on 7, each server 4-11 s of CI;
    // fast-check draws new ones every run); the cases below hold npm test.
    const servers = engineId === "ts6" ? Math.ceil(runs / 2) : Math.ceil(runs / 4);
    it.runIf(fullRun)(
      `gives exactly the full analysis after random valid edits (${servers} servers)`,
      () => {
        let reused = 0;
        let cycles = 0;
        fc.assert(
          fc.property(serverArbitrary, fc.integer({ min: 2, max: 6 }), fc.array(editArbitrary, { minLength: 1, maxLength: 6 }), (specs, count, edits) => {
            const extra = new Map([...renderServer(specs)].filter(([path]) => path.startsWith("src/")));
            let model = baseModel(count, extra);
            const project = open(model);
            same(project, project.inventory);
            for (const edit of edits) {
              model = applyEdit(model, edit);
              const outcome = project.cycle(renderModel(model));
              cycles++;
              if (outcome.fallback === null) reused++;
              same(project, outcome.inventory);
            }
          }),
          { numRuns: servers },
        );
        // The property is only worth something if most cycles really reused something.
        expect(reused).toBeGreaterThan(0);
        expect(cycles).toBeGreaterThan(0);
      },
      Math.max(120_000, servers * 30_000),
    );

    caseOn(engineId)("reuses unaffected tools: a description edit walks only its own file", () => {
      let model = baseModel(6);
      const project = open(model);
      model = applyEdit(model, {
        kind: "description",
        tool: 3,
        text: "Edited",
      });
      const outcome = project.cycle(renderModel(model));
      expect(outcome.fallback).toBeNull();
      expect(outcome.affected).toBe(1);
      expect(outcome.inventory.tools.find((t) => t.name === "tool_3")?.description).toBe("Edited (3)");
      same(project, outcome.inventory);
    });

    rarerCase("a shared types file affects every file that imports it, and nothing else", () => {
      let model = baseModel(6);
      const project = open(model);
      model = applyEdit(model, { kind: "shared", field: "total" });
      const outcome = project.cycle(renderModel(model));
      expect(outcome.fallback).toBeNull();
      // shared.ts and the three tools (0, 2, 4) that import it.
      expect(outcome.affected).toBe(4);
      expect(JSON.stringify(outcome.inventory)).toContain("total");
      same(project, outcome.inventory);
    });

    caseOn(engineId)("tool names changing stays incremental and exact: mentions are recomputed over every tool", () => {
      let model = baseModel(4);
      const project = open(model);
      // tool_0 mentions tool_1; renaming tool_1 must drop that reference and a new name be found.
      model = applyEdit(model, {
        kind: "rename",
        tool: 1,
        name: "sync_notes_1",
      });
      const renamed = project.cycle(renderModel(model));
      expect(renamed.fallback).toBeNull();
      same(project, renamed.inventory);
      model = applyEdit(model, { kind: "mention", tool: 2, target: 1 });
      const mentioned = project.cycle(renderModel(model));
      expect(mentioned.inventory.tools.find((t) => t.name === "tool_2")?.references.map((r) => r.tool)).toEqual(["sync_notes_1"]);
      same(project, mentioned.inventory);
    });

    it.runIf(engineId === "ts6" && fullRun)(
      "an edit of a file the Program roots builds the next Program from the last one's files, without reading the tsconfig",
      () => {
        let model = baseModel(3);
        const project = open(model);
        // A tsconfig change the watcher did not report (it reports every .json file it sees change)
        // is not read: the edit's Program is the last one's root files and options.
        const tsconfig = join(project.dir, "tsconfig.json");
        const before = readFileSync(tsconfig, "utf8");
        writeFileSync(tsconfig, "{ not json");
        model = applyEdit(model, { kind: "description", tool: 1, text: "Edited" });
        const outcome = project.cycle(renderModel(model));
        expect(outcome.fallback).toBeNull();
        expect(outcome.inventory.tools.find((t) => t.name === "tool_1")?.description).toBe("Edited (1)");
        // A file that comes or goes reads it again, and says what is wrong with it.
        model = applyEdit(model, { kind: "add-file", name: "get_users_7" });
        expect(() => project.cycle(renderModel(model))).toThrow(/tsconfig does not parse/);
        // Mended, it is read again with the file the failed cycle saw come.
        writeFileSync(tsconfig, before);
        const mended = project.cycle(renderModel(model));
        expect(mended.inventory.tools.map((t) => t.name)).toContain("get_users_7");
        same(project, mended.inventory);
      },
    );

    // That each of these falls back runs in test:full, on both engines; npm test holds the incremental paths.
    describe.runIf(fullRun)("falls back to a full analysis", () => {
      it("without a previous state", () => {
        const project = open(baseModel(2));
        project.inventory = undefined;
        expect(project.cycle(renderModel(baseModel(2))).fallback).toBe("no-previous-state");
      });

      it("when a file is added or removed", () => {
        let model = baseModel(3);
        const project = open(model);
        model = applyEdit(model, { kind: "add-file", name: "get_users_7" });
        const added = project.cycle(renderModel(model));
        expect(added.fallback).toBe("file-set-changed");
        same(project, added.inventory);
        model = applyEdit(model, { kind: "remove-file", tool: 0 });
        const removed = project.cycle(renderModel(model));
        expect(removed.fallback).toBe("file-set-changed");
        same(project, removed.inventory);
      });

      it("when the tsconfig changes", () => {
        const model = baseModel(3);
        const project = open(model);
        const files = renderModel(model);
        files.set("tsconfig.json", (files.get("tsconfig.json") ?? "").replace('"strict": true', '"strict": true,\n    "exactOptionalPropertyTypes": true'));
        const outcome = project.cycle(files);
        expect(outcome.fallback).toBe("non-source-changed");
        same(project, outcome.inventory);
      });

      it("when a changed file is a global script or declares into other modules", () => {
        const model = baseModel(3);
        const files = renderModel(model);
        files.set("src/globals.ts", "declare global {\n  var counter: number;\n}\nexport {};\n");
        const project = watched(files);
        project.start();
        const edited = new Map(files);
        edited.set("src/globals.ts", "declare global {\n  var counter: string;\n}\nexport {};\n");
        const outcome = project.cycle(edited);
        expect(outcome.fallback).toBe("global-declarations");
        same(project, outcome.inventory);
        const script = new Map(edited);
        script.set("src/globals.ts", "const scriptOnly = 1;\n");
        expect(project.cycle(script).fallback).toBe("global-declarations");
      });
    });
  });

  // npm test holds the first case; the three after it run in test:full, on both engines.
  describe("the cross-file assembly (a low-level server, forwarded registrations), incrementally", () => {
    rarerCase("a low-level server's tools, assembled across files, are made again when one of those files is affected", () => {
      const extra = new Map(
        [
          ...renderServer([
            {
              style: "sdk-low-level",
              name: "low_tool_0",
              nameForm: "literal",
              handlerForm: "inline",
              wrapping: "top",
              overload: 0,
              aliased: false,
              ifChain: false,
            },
          ]),
        ].filter(([path]) => path.startsWith("src/")),
      );
      let model = baseModel(3, extra);
      const project = open(model);
      // Files that are no input of the assembly: its result is reused.
      model = applyEdit(model, {
        kind: "description",
        tool: 1,
        text: "Edited",
      });
      const unrelated = project.cycle(renderModel(model));
      expect(unrelated.fallback).toBeNull();
      expect(unrelated.reassembled).toBe(false);
      expect(unrelated.inventory.tools.map((t) => t.name)).toContain("low_tool_0");
      same(project, unrelated.inventory);
      model = applyEdit(model, { kind: "other-file", text: "Edited" });
      const outcome = project.cycle(renderModel(model));
      expect(outcome.fallback).toBeNull();
      expect(outcome.reassembled).toBe(true);
      expect(outcome.inventory.tools.find((t) => t.name === "low_tool_0")?.description).toBe("Tool low_tool_0 Edited");
      same(project, outcome.inventory);
    });

    it.runIf(fullRun)("tools registered through a function whose calls other files make are assembled again from those files", () => {
      const register = [
        'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'import { z } from "zod";',
        "export function registerSearch(server: McpServer, name?: string): void {",
        '  server.registerTool(name ?? "search", { description: "Search", inputSchema: { q: z.string() } }, async ({ q }) => ({ content: [{ type: "text" as const, text: q }] }));',
        "}",
        "",
      ].join("\n");
      const calls = (names: string[]) =>
        [
          'import { server } from "./server.js";',
          'import { registerSearch } from "./register.js";',
          ...names.map((name) => `registerSearch(server, ${JSON.stringify(name)});`),
          "",
        ].join("\n");
      let model = baseModel(
        2,
        new Map([
          ["src/register.ts", register],
          ["src/main.ts", calls(["find"])],
        ]),
      );
      const project = open(model);
      expect(project.inventory?.tools.map((t) => t.name)).toContain("find");
      // An edit that reaches none of the calls: the assembled tools are reused.
      model = applyEdit(model, {
        kind: "description",
        tool: 1,
        text: "Edited",
      });
      const unrelated = project.cycle(renderModel(model));
      expect(unrelated.fallback).toBeNull();
      expect(unrelated.reassembled).toBe(false);
      same(project, unrelated.inventory);
      // A new call in a file that calls the function: one more tool, assembled again.
      model = {
        ...model,
        extra: new Map([...model.extra, ["src/main.ts", calls(["find", "lookup"])]]),
      };
      const added = project.cycle(renderModel(model));
      expect(added.fallback).toBeNull();
      expect(added.reassembled).toBe(true);
      expect(added.inventory.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["find", "lookup"]));
      same(project, added.inventory);
    });

    it.runIf(fullRun)("an edit that adds a low-level server to a project that had none assembles it", () => {
      const model = baseModel(3);
      const project = open(model);
      const files = renderModel(model);
      const low =
        [
          ...renderServer([
            {
              style: "sdk-low-level",
              name: "low_tool_0",
              nameForm: "literal",
              handlerForm: "inline",
              wrapping: "top",
              overload: 0,
              aliased: false,
              ifChain: false,
            },
          ]),
        ].find(([path]) => path === "src/low-level.ts")?.[1] ?? "";
      // Into an existing file, so the file set stays the same.
      files.set(
        "src/server.ts",
        `${files.get("src/server.ts") ?? ""}\n${low.replace("export const lowLevel", "export const lowLevelServer").replace(/lowLevel\.setRequestHandler/g, "lowLevelServer.setRequestHandler")}`,
      );
      const outcome = project.cycle(files);
      expect(outcome.fallback).toBeNull();
      expect(outcome.reassembled).toBe(true);
      same(project, outcome.inventory);
    });
    it.runIf(fullRun)(
      "an edit to a tool file that the low-level server's file imports (and nothing of the assembly reads) assembles again, incrementally and exactly",
      () => {
        // The bench's json-zod shape: src/index.ts imports every tool file and also serves a low-level
        // Server, whose listing comes from another file and whose branch delegates to a third.
        const files = renderModel(baseModel(2));
        const registerOne = (description: string) =>
          [
            'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
            'import { z } from "zod";',
            "export function registerOne(server: McpServer): void {",
            `  server.registerTool("reg_one", { description: ${JSON.stringify(description)}, inputSchema: { q: z.string() } }, async ({ q }) => ({ content: [{ type: "text" as const, text: q }] }));`,
            "}",
            "",
          ].join("\n");
        const listed = (description: string) =>
          `export const LISTED = [{ name: "low_one", description: ${JSON.stringify(description)}, inputSchema: { type: "object" as const, properties: {} } }];\n`;
        const low = (field: string) =>
          `export async function lowOne(args: Record<string, unknown>) {\n  return { content: [{ type: "text" as const, text: JSON.stringify({ ${field}: Object.keys(args).length }) }] };\n}\n`;
        // A name told by a type (the function's return type), not by a const the listing follows.
        const names = (extra: string) => `export function extraName(): ${JSON.stringify(extra)} {\n  return ${JSON.stringify(extra)};\n}\n`;
        files.set("src/register/one.ts", registerOne("Registered"));
        files.set("src/listed.ts", listed("Low one"));
        files.set("src/low.ts", low("seen"));
        files.set("src/names.ts", names("low_extra"));
        files.set(
          "src/index.ts",
          [
            'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
            'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
            'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
            'import { LISTED } from "./listed.js";',
            'import { lowOne } from "./low.js";',
            'import { extraName } from "./names.js";',
            'import { registerOne } from "./register/one.js";',
            "export function createServers() {",
            '  const mcp = new McpServer({ name: "m", version: "1.0.0" });',
            "  registerOne(mcp);",
            '  const lowLevel = new Server({ name: "l", version: "1.0.0" }, { capabilities: { tools: {} } });',
            "  lowLevel.setRequestHandler(ListToolsRequestSchema, async () => ({",
            "    tools: [",
            "      ...LISTED.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),",
            '      { name: extraName(), description: "Extra", inputSchema: { type: "object" as const, properties: {} } },',
            "    ],",
            "  }));",
            "  lowLevel.setRequestHandler(CallToolRequestSchema, async (request) => {",
            "    switch (request.params.name) {",
            '      case "low_one":',
            "        return lowOne(request.params.arguments ?? {});",
            "      case extraName():",
            "        return lowOne({});",
            "      default:",
            '        throw new Error("unknown tool");',
            "    }",
            "  });",
            "  return { mcp, lowLevel };",
            "}",
            "",
          ].join("\n"),
        );
        const project = watched(files);
        const tool = (inventory: Inventory, name: string) => inventory.tools.find((t) => t.name === name);
        const first = project.start();
        expect(tool(first, "low_one")?.description).toBe("Low one");
        expect(tool(first, "low_extra")?.description).toBe("Extra");

        // What the bench edits: a registerTool file. src/index.ts imports it, so it is affected; the
        // low-level tools are assembled again (a full analysis before: `cross-file-assembly`).
        let edited = new Map(files);
        edited.set("src/register/one.ts", registerOne("Registered, edited"));
        const registered = project.cycle(edited);
        expect(registered.fallback).toBeNull();
        expect(registered.reassembled).toBe(true);
        expect(registered.affected).toBe(2);
        // registerOne declares what it did (its return type is written): what the listing walk of
        // src/index.ts gave stands (TypeScript 6 tells by declaration emit, TypeScript 7 by shape).
        expect(registered.kept).toBeGreaterThan(0);
        expect(tool(registered.inventory, "reg_one")?.description).toBe("Registered, edited");
        same(project, registered.inventory);

        // The listing's file: what the assembly kept of it (memo.ts) is read again.
        edited = new Map(edited);
        edited.set("src/listed.ts", listed("Low one, edited"));
        const relisted = project.cycle(edited);
        expect(relisted.fallback).toBeNull();
        expect(tool(relisted.inventory, "low_one")?.description).toBe("Low one, edited");
        same(project, relisted.inventory);

        // The delegate a branch returns: its payload.
        edited = new Map(edited);
        edited.set("src/low.ts", low("counted"));
        const delegated = project.cycle(edited);
        expect(delegated.fallback).toBeNull();
        expect(tool(delegated.inventory, "low_one")?.payloadType).toContain("counted");
        same(project, delegated.inventory);

        // A function whose return type names a listed tool: a changed declaration, so nothing kept of
        // the server's file stands (its listing would name the old tool, and the new one be "not listed").
        edited = new Map(edited);
        edited.set("src/names.ts", names("low_extra_renamed"));
        const renamed = project.cycle(edited);
        expect(renamed.fallback).toBeNull();
        expect(renamed.kept).toBe(0);
        expect(tool(renamed.inventory, "low_extra_renamed")?.description).toBe("Extra");
        expect(renamed.inventory.diagnostics).toEqual([]);
        same(project, renamed.inventory);

        // A tool file the server's file does not import: the assembly is reused as it was.
        edited = new Map(edited);
        edited.set("src/tools/t1.ts", (edited.get("src/tools/t1.ts") ?? "").replace("Tool number 1", "Tool number one"));
        const unrelated = project.cycle(edited);
        expect(unrelated.fallback).toBeNull();
        expect(unrelated.reassembled).toBe(false);
        same(project, unrelated.inventory);
      },
    );
  });

  describe("incremental relations", () => {
    rarerCase("a handler in an unaffected file changing owner recomputes the relations of tools that call it", () => {
      const files = renderModel(baseModel(2));
      files.set("src/helpers.ts", `export async function lookup(q: string) {\n  return { content: [{ type: "text" as const, text: q }] };\n}\n`);
      const tool = (name: string, body: string) =>
        `import { z } from "zod";\nimport { server } from "../server.js";\nimport { lookup } from "../helpers.js";\nserver.registerTool(${JSON.stringify(name)}, { description: "d", inputSchema: { q: z.string() } }, ${body});\n`;
      files.set("src/tools/a.ts", tool("delegating", "async (args) => lookup(args.q)"));
      files.set("src/tools/b.ts", tool("calling", "async (args) => {\n  const found = await lookup(args.q);\n  return found;\n}"));
      const project = watched(files);
      const first = project.start();
      expect(first.tools.find((t) => t.name === "calling")?.references.map((r) => `${r.tool}:${r.kind}`)).toEqual(["delegating:calls"]);
      const edited = new Map(files);
      edited.set("src/tools/a.ts", tool("delegating", "async (args) => {\n  const result = await lookup(args.q);\n  return { ...result };\n}"));
      const outcome = project.cycle(edited);
      expect(outcome.fallback).toBeNull();
      expect(outcome.inventory.tools.find((t) => t.name === "calling")?.references).toEqual([]);
      same(project, outcome.inventory);
      const back = project.cycle(files);
      expect(back.inventory.tools.find((t) => t.name === "calling")?.references.map((r) => `${r.tool}:${r.kind}`)).toEqual(["delegating:calls"]);
      same(project, back.inventory);
    });

    caseOn(engineId)("a wrapper that stops wrapping its function recomputes the calls of the tools that call it", () => {
      const files = renderModel(baseModel(2));
      files.set("src/store.ts", `export function load(q: string): { q: string; at: number } {\n  return { q, at: 1 };\n}\n`);
      const tool = (name: string, body: string) =>
        `import { z } from "zod";\nimport { server } from "../server.js";\nimport { load } from "../store.js";\nserver.registerTool(${JSON.stringify(name)}, { description: "d", inputSchema: { q: z.string() } }, ${body});\n`;
      const wrapping = 'async ({ q }) => {\n  const item = load(q);\n  return { content: [{ type: "text" as const, text: JSON.stringify(item) }] };\n}';
      files.set("src/tools/a.ts", tool("get_item", wrapping));
      files.set(
        "src/tools/b.ts",
        tool("use_item", 'async ({ q }) => {\n  const item = load(q);\n  return { content: [{ type: "text" as const, text: `${item.at} uses` }] };\n}'),
      );
      const project = watched(files);
      const refs = (inventory: Inventory) => inventory.tools.find((t) => t.name === "use_item")?.references.map((r) => `${r.tool}:${r.kind}:${r.via}`);
      expect(refs(project.start())).toEqual(["get_item:calls:shared-function"]);
      const edited = new Map(files);
      edited.set("src/tools/a.ts", tool("get_item", wrapping.replace("JSON.stringify(item)", "JSON.stringify({ item, more: true })")));
      const outcome = project.cycle(edited);
      expect(outcome.fallback).toBeNull();
      expect(refs(outcome.inventory)).toEqual([]);
      same(project, outcome.inventory);
    });

    caseOn(engineId)("a guidance stub edit (a file no tool imports) recomputes its tool's mentions", () => {
      const files = renderModel(baseModel(2));
      const [first, second] = baseModel(2).tools.map((t) => t.name);
      const stub = (named: string) =>
        `export function guidance(): { next_action: string } {\n  return { next_action: ${JSON.stringify(named)} };\n}\nexport function errorGuidance(error: string): { blocked_reason: string } {\n  return { blocked_reason: error };\n}\n`;
      files.set(`src/guidance/${first}.ts`, stub(`Call ${second} next`));
      const project = watched(files);
      const refs = (inventory: Inventory) =>
        inventory.tools
          .find((t) => t.name === first)
          ?.references.filter((r) => r.file.startsWith("src/guidance/"))
          .map((r) => `${r.tool}:${r.kind}`);
      expect(refs(project.start())).toEqual([`${second}:mentions`]);
      const edited = new Map(files);
      edited.set(`src/guidance/${first}.ts`, stub("Nothing more to do"));
      const outcome = project.cycle(edited);
      expect(outcome.fallback).toBeNull();
      expect(refs(outcome.inventory)).toEqual([]);
      same(project, outcome.inventory);
    });
  });
});
