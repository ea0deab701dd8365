// `node --import tsx bench/engine-probe.ts [--engine ts6|ts7] [--shapes styles,json-zod] [--tools 1000]`
//
// The issue #17 probe, through the analysis engine (src/analyze/engine/): open the project, walk
// every source file, find the tool handlers (the function given to `registerTool`, `tool`,
// `addTool`'s `execute`, a `handler:` property, ...), then get each handler's type and return type
// as text. Each engine runs in a child process of its own (so neither pays for the other's
// loading), on the same synthetic servers `npm run bench` writes, and prints the time of each step.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { EngineId, EngineNode, EngineProject } from "../src/analyze/engine/engine.js";
import { loadEngine } from "../src/analyze/engine/select.js";
import { SYNTHETIC_SHAPES, writeSyntheticServer, type SyntheticShape } from "./synthetic-server.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HANDLER_CALLS = new Set(["registerTool", "tool"]);
const HANDLER_PROPERTIES = new Set(["handler", "execute", "handle"]);

interface ProbeResult {
  engine: EngineId;
  files: number;
  handlers: number;
  openMs: number;
  walkMs: number;
  resolveMs: number;
  /** Characters of type text produced: the same work was done when both engines agree. */
  textLength: number;
}

function isFunctionLike(project: EngineProject, node: EngineNode): boolean {
  const { syntax } = project;
  return syntax.is(node, "ArrowFunction") || syntax.is(node, "FunctionExpression") || syntax.is(node, "MethodDeclaration");
}

/** The handler nodes, in source order. */
function findHandlers(project: EngineProject): EngineNode[] {
  const { syntax } = project;
  const found: EngineNode[] = [];
  const visit = (node: EngineNode): undefined => {
    if (syntax.is(node, "CallExpression") && syntax.is(node.expression, "PropertyAccessExpression") && HANDLER_CALLS.has(node.expression.name.text)) {
      const last = node.arguments[node.arguments.length - 1];
      if (last && isFunctionLike(project, last)) found.push(last);
    } else if (
      (syntax.is(node, "PropertyAssignment") || syntax.is(node, "MethodDeclaration")) &&
      syntax.is(node.name, "Identifier") &&
      HANDLER_PROPERTIES.has(node.name.text)
    ) {
      const fn = syntax.is(node, "PropertyAssignment") ? node.initializer : node;
      if (isFunctionLike(project, fn)) found.push(fn);
    }
    return syntax.forEachChild(node, visit);
  };
  for (const file of project.sourceFiles()) visit(file.node);
  return found;
}

async function probe(engineId: EngineId, dir: string): Promise<ProbeResult> {
  const started = performance.now();
  const engine = await loadEngine(engineId);
  const project = engine.open(join(dir, "tsconfig.json"), ROOT);
  const files = project.sourceFiles();
  const opened = performance.now();
  const handlers = findHandlers(project);
  const walked = performance.now();
  const { checker } = project;
  let textLength = 0;
  for (const type of checker.typesAt(handlers)) {
    if (!type) continue;
    textLength += checker.typeToString(type).length;
    const [signature] = checker.callSignatures(type);
    const returned = signature ? checker.returnType(signature) : undefined;
    if (returned) textLength += checker.typeToString(returned).length;
  }
  const resolved = performance.now();
  project.close();
  return {
    engine: engineId,
    files: files.length,
    handlers: handlers.length,
    openMs: opened - started,
    walkMs: walked - opened,
    resolveMs: resolved - walked,
    textLength,
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      engine: { type: "string" },
      shapes: { type: "string", default: SYNTHETIC_SHAPES.join(",") },
      tools: { type: "string", default: "1000" },
      dir: { type: "string" },
    },
  });
  if (values.engine !== undefined && values.dir !== undefined) {
    // The child: one engine, one project, one line of JSON.
    console.log(JSON.stringify(await probe(values.engine as EngineId, values.dir)));
    return 0;
  }
  const tools = Number(values.tools);
  const rows: string[] = [];
  for (const shape of values.shapes.split(",") as SyntheticShape[]) {
    const dir = join(ROOT, ".tmp", "bench", `probe-${shape}-n${tools}`);
    writeSyntheticServer(dir, { tools, shape });
    for (const engine of ["ts6", "ts7"] as const) {
      const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--engine", engine, "--dir", dir], {
        cwd: ROOT,
        encoding: "utf8",
      });
      if (child.status !== 0) {
        console.error(`${shape} ${engine}: probe failed\n${child.stderr}`);
        return 1;
      }
      const result = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as ProbeResult;
      const total = result.openMs + result.walkMs + result.resolveMs;
      rows.push(
        [
          shape,
          engine,
          result.files,
          result.handlers,
          Math.round(result.openMs),
          Math.round(result.walkMs),
          Math.round(result.resolveMs),
          Math.round(total),
          result.textLength,
        ].join("\t"),
      );
      console.log(rows.at(-1));
    }
  }
  console.log(["\nshape", "engine", "files", "handlers", "open ms", "walk ms", "resolve ms", "total ms", "type text chars"].join("\t"));
  for (const row of rows) console.log(row);
  return 0;
}

process.exitCode = await main();
