import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { analyze } from "../../src/analyze/analyze.js";
import type { Engine } from "../../src/analyze/engine/engine.js";
import { analyzeSessionForReuse, reanalyzeSessionExplained, type IncrementalOutcome } from "../../src/analyze/incremental.js";
import type { Inventory } from "../../src/analyze/inventory.js";
import { watchSessions, type WatchedSessions } from "../../src/analyze/watch-sessions.js";
import { repoRoot } from "../helpers/fixtures.js";

/**
 * A generated server, one tool file per tool (`src/tools/t<i>.ts`), some of them importing a shared
 * types file, payloads mentioning other tools, plus any extra files; and a watch-like loop over it:
 * the Program is rebuilt from the last one with unchanged files handed back as the same SourceFile.
 */

export interface ToolModel {
  file: number;
  name: string;
  description: string;
  field: string;
  /** Index of another tool whose name the payload's nextSteps mentions; -1: none. */
  mention: number;
  shared: boolean;
  /** A second tool registered in the same file. */
  extra: string | null;
}

export interface ServerModel {
  tools: ToolModel[];
  sharedField: string;
  /** Any other files (e.g. the fuzz generator's). */
  extra: Map<string, string>;
}

export function renderModel(model: ServerModel): Map<string, string> {
  const files = new Map<string, string>(model.extra);
  files.set(
    "tsconfig.json",
    JSON.stringify(
      {
        compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", noEmit: true, skipLibCheck: true },
        include: ["src"],
      },
      null,
      2,
    ),
  );
  files.set("package.json", '{ "type": "module", "private": true }\n');
  files.set(
    "src/server.ts",
    `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "inc", version: "1.0.0" });\n`,
  );
  files.set(
    "src/types/shared.ts",
    `export interface Shared {\n  id: string;\n  ${model.sharedField}: number;\n}\n\nexport function makeShared(id: string): Shared {\n  return { id, ${model.sharedField}: 1 };\n}\n`,
  );
  for (const tool of model.tools) {
    const mention = tool.mention >= 0 ? model.tools[tool.mention % model.tools.length]?.name : undefined;
    const payload = `{ ${tool.field}: 1${mention ? `, nextSteps: [${JSON.stringify(`Try ${mention} next`)}]` : ""}${tool.shared ? ", shared: makeShared(args.q)" : ""} }`;
    const lines = [
      `import { z } from "zod";`,
      `import { server } from "../server.js";`,
      tool.shared ? `import { makeShared, type Shared } from "../types/shared.js";` : "",
      tool.shared ? `export type Alias${tool.file} = Shared;` : "",
      `server.registerTool(${JSON.stringify(tool.name)}, { description: ${JSON.stringify(tool.description)}, inputSchema: { q: z.string() } }, async (args) => {`,
      `  const payload = ${payload};`,
      `  return { content: [{ type: "text" as const, text: JSON.stringify(payload) }], structuredContent: payload };`,
      `});`,
      tool.extra
        ? `server.registerTool(${JSON.stringify(tool.extra)}, { description: "extra", inputSchema: { q: z.string() } }, async () => ({ content: [{ type: "text" as const, text: "${tool.name} again" }] }));`
        : "",
    ];
    files.set(`src/tools/t${tool.file}.ts`, lines.filter((line) => line !== "").join("\n") + "\n");
  }
  return files;
}

const scratchRoot = join(repoRoot, ".tmp");

export class WatchedProject {
  readonly dir: string;
  private files = new Map<string, string>();
  private sessions: WatchedSessions | undefined;
  inventory: Inventory | undefined;

  /** `engine`: the analysis engine the watch runs on (a loaded TypeScript 7 engine, or TypeScript 6). */
  constructor(
    files: Map<string, string>,
    private readonly engine: Engine | "ts6" = "ts6",
  ) {
    mkdirSync(scratchRoot, { recursive: true });
    this.dir = mkdtempSync(join(scratchRoot, "incremental-"));
    this.write(files);
  }

  get tsconfig(): string {
    return join(this.dir, "tsconfig.json");
  }

  /** Writes what differs from the current files, deletes what is gone; the changed paths (relative). */
  write(files: Map<string, string>): string[] {
    const changed: string[] = [];
    for (const [path, content] of files) {
      if (this.files.get(path) === content) continue;
      mkdirSync(dirname(join(this.dir, path)), { recursive: true });
      writeFileSync(join(this.dir, path), content);
      changed.push(path);
    }
    for (const path of this.files.keys()) {
      if (files.has(path)) continue;
      rmSync(join(this.dir, path), { force: true });
      changed.push(path);
    }
    this.files = new Map(files);
    return changed;
  }

  /** Which compiler the watch's sessions run on. */
  get engineId(): string | undefined {
    return this.sessions?.first.engine.engine;
  }

  /** The first analysis (full). */
  start(): Inventory {
    this.sessions = watchSessions(this.tsconfig, this.dir, this.engine);
    this.inventory = analyzeSessionForReuse(this.sessions.first, this.dir);
    return this.inventory;
  }

  /** One watch cycle after `files` replaced the sources: the incremental outcome. */
  cycle(files: Map<string, string>): IncrementalOutcome {
    const changed = this.write(files).map((path) => join(this.dir, path));
    if (!this.sessions) throw new Error("start() first");
    const outcome = reanalyzeSessionExplained(
      this.sessions.next(changed),
      this.dir,
      this.inventory ? { inventory: this.inventory, changedFiles: changed } : undefined,
    );
    this.inventory = outcome.inventory;
    return outcome;
  }

  /** What a fresh, full analysis of the same sources gives, on the same engine. */
  full(): Inventory {
    const { inventory, session } = analyze({ project: this.dir, cwd: this.dir, engine: this.engine });
    session.close();
    return inventory;
  }

  dispose(): void {
    this.sessions?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function baseModel(count: number, extra = new Map<string, string>()): ServerModel {
  return {
    sharedField: "count",
    extra,
    tools: Array.from({ length: count }, (_, i) => ({
      file: i,
      name: `tool_${i}`,
      description: `Tool number ${i}`,
      field: `value${i}`,
      mention: i % 3 === 0 ? i + 1 : -1,
      shared: i % 2 === 0,
      extra: null,
    })),
  };
}
