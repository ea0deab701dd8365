import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, posix, relative } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { analyze } from "../../src/analyze/index.js";
import type { Inventory, ToolEntry } from "../../src/analyze/inventory.js";
import type { GenerateConfig } from "../../src/generate/config.js";
import type { GenerateResult } from "../../src/generate/generate.js";
import { importSpecifier, pascalCase } from "../../src/generate/paths.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { packageRoot } from "../../src/package-root.js";
import { typeCheckProject } from "../helpers/typecheck.js";

/**
 * Generated code is only proven by the compilers: a fixture is copied under the repository's
 * `.tmp/` (so its imports resolve the repository's node_modules), generated into, edited the way a
 * user (or `migrate`) would wrap handlers with `conform`, and type-checked by TypeScript 6 (in this
 * process, test/helpers/typecheck.ts) and TypeScript 7 (its native tsc). `realTsc` runs the real
 * tsc of either compiler, for the smoke tests that keep the in-process check honest.
 */

const run = promisify(execFile);
const tsc6 = join(packageRoot, "node_modules", "typescript", "lib", "tsc.js");
const tsc7 = join(packageRoot, "node_modules", "typescript7", "bin", "tsc");

export const OUTPUT_DIR = "src/generated/mcp-conform";
export const GUIDANCE_DIR = "src/guidance";

export function configFor(protocol: ProtocolId, guidance = false): GenerateConfig {
  return { protocol, guidance, outputDir: OUTPUT_DIR, guidanceDir: GUIDANCE_DIR };
}

const inventories = new Map<string, Inventory>();

/** The fixture's inventory, analysed once per test file. */
export function fixtureInventory(fixture: string): Inventory {
  let inventory = inventories.get(fixture);
  if (inventory === undefined) {
    inventory = analyze({ project: join(packageRoot, "fixtures", fixture), cwd: join(packageRoot, "fixtures") }).inventory;
    inventories.set(fixture, inventory);
  }
  return inventory;
}

function scratchDir(prefix: string): string {
  const tmpRoot = join(packageRoot, ".tmp");
  mkdirSync(tmpRoot, { recursive: true });
  return mkdtempSync(join(tmpRoot, prefix));
}

function copyFixtureTo(fixture: string, dir: string): void {
  cpSync(join(packageRoot, "fixtures", fixture), dir, {
    recursive: true,
    filter: (source) => !source.includes("__expected__"),
  });
}

/** A fresh copy of the fixture under `.tmp/`; the caller removes it. */
export function copyFixture(fixture: string): string {
  const dir = scratchDir(`generate-${fixture.replace(/\//g, "-")}-`);
  copyFixtureTo(fixture, dir);
  return dir;
}

export interface Variants {
  /** The folder holding every variant, with a tsconfig.json over all of them; the caller removes it. */
  root: string;
  /** Each variant's own copy of the fixture, by name. */
  dirs: Map<string, string>;
}

/**
 * One copy of the fixture per variant (a protocol, say), side by side in one folder, and a
 * tsconfig.json beside them that checks them all in one program: the fixture's compiler options,
 * every file each copy's own tsconfig includes. The copies import nothing of each other, so each
 * is checked as it would be alone, while the SDK's and zod's types are resolved once for all.
 * Call `includeVariants` once the copies hold everything to check.
 */
export function copyFixtureVariants(fixture: string, names: readonly string[]): Variants {
  const root = scratchDir(`generate-${fixture.replace(/\//g, "-")}-`);
  const dirs = new Map<string, string>();
  for (const name of names) {
    const dir = join(root, name);
    copyFixtureTo(fixture, dir);
    dirs.set(name, dir);
  }
  return { root, dirs };
}

/** Writes the tsconfig.json over every variant (see `copyFixtureVariants`). */
export function includeVariants({ root, dirs }: Variants): void {
  const files: string[] = [];
  let compilerOptions: Record<string, unknown> = {};
  for (const dir of dirs.values()) {
    const tsconfig = join(dir, "tsconfig.json");
    const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (parsed === undefined) throw new Error(`${tsconfig} does not parse`);
    files.push(...parsed.fileNames.map((file) => relative(root, file).split("\\").join("/")));
    compilerOptions = (ts.readConfigFile(tsconfig, ts.sys.readFile).config as { compilerOptions?: Record<string, unknown> }).compilerOptions ?? {};
  }
  // Folders of one copy would not hold the others' files; nothing is emitted anyway.
  const {
    rootDir: _rootDir,
    outDir: _outDir,
    composite: _composite,
    incremental: _incremental,
    tsBuildInfoFile: _tsBuildInfoFile,
    ...options
  } = compilerOptions;
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...options, noEmit: true }, files }, null, 2));
}

export function writeResult(dir: string, result: GenerateResult): void {
  for (const [path, contents] of [...result.generated, ...result.scaffolded]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
}

export function removeCopy(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface Compiled {
  exitCode: number;
  output: string;
}

// More compilers at once than cores only makes each slower (and memory-hungry): queue them.
const slots = { free: Math.max(1, availableParallelism()), waiting: [] as (() => void)[] };

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (slots.free === 0) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  else slots.free--;
  try {
    return await task();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free++;
  }
}

/**
 * Type-checks the project in `dir` (its tsconfig.json): TypeScript 6 in this process, TypeScript 7
 * with its native tsc (a process of its own: start it before a TypeScript 6 check, and the two run
 * side by side). Output as `tsc --pretty false` prints it, paths relative to `dir`.
 */
export function compile(dir: string, compiler: 6 | 7): Promise<Compiled> {
  if (compiler === 6) return Promise.resolve(typeCheckProject(join(dir, "tsconfig.json"), dir));
  return withSlot(() => realTsc(dir, 7));
}

/** The real tsc of either compiler over `dir`'s tsconfig.json, run from `dir`. */
export async function realTsc(dir: string, compiler: 6 | 7): Promise<Compiled> {
  const [command, args] =
    compiler === 6
      ? [process.execPath, [tsc6, "-p", join(dir, "tsconfig.json"), "--pretty", "false"]]
      : [tsc7, ["-p", join(dir, "tsconfig.json"), "--pretty", "false"]];
  try {
    const { stdout, stderr } = await run(command, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return { exitCode: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    return {
      exitCode: typeof failed.code === "number" ? failed.code : -1,
      output: `${failed.stdout ?? ""}${failed.stderr ?? ""}${typeof failed.code === "number" ? "" : String(error)}`,
    };
  }
}

/** tsc's diagnostics as `{ file, line, text }`, continuation lines folded into their error. */
export function diagnostics(output: string): { file: string; line: number; text: string }[] {
  const found: { file: string; line: number; text: string }[] = [];
  for (const text of output.split("\n")) {
    const match = /^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/.exec(text);
    if (match) found.push({ file: match[1]!.split("\\").join("/"), line: Number(match[2]), text: match[3]! });
    else if (/^\s+\S/.test(text) && found.length > 0) found[found.length - 1]!.text += `\n${text.trim()}`;
    else if (text.trim() !== "") found.push({ file: "", line: 0, text: text.trim() });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Wrapping handlers with conform, as migrate would

type Site =
  /** A function expression in the registration: wrap it whole. */
  | { kind: "expression"; node: ts.ArrowFunction | ts.FunctionExpression }
  /** A method or function declaration: its body runs inside a conform-wrapped arrow. */
  | { kind: "body"; node: ts.MethodDeclaration | ts.FunctionDeclaration }
  /** A low-level dispatch branch (`if` or `case`): its statements run inside a conform-wrapped arrow. */
  | { kind: "branch"; statements: ts.NodeArray<ts.Statement> | readonly ts.Statement[]; start: number; end: number };

function findSite(source: ts.SourceFile, line: number): Site | undefined {
  let site: Site | undefined;
  const visit = (node: ts.Node): void => {
    if (site !== undefined) return;
    const startLine = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (startLine === line) {
      if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) site = { kind: "expression", node };
      else if ((ts.isMethodDeclaration(node) || ts.isFunctionDeclaration(node)) && node.body) site = { kind: "body", node };
      else if (ts.isIfStatement(node) && ts.isBlock(node.thenStatement)) {
        const block = node.thenStatement;
        site = { kind: "branch", statements: block.statements, start: block.getStart(source) + 1, end: block.getEnd() - 1 };
      } else if (ts.isCaseClause(node)) {
        const only = node.statements.length === 1 ? node.statements[0] : undefined;
        const statements = only !== undefined && ts.isBlock(only) ? only.statements : node.statements;
        const first = node.statements[0];
        const last = node.statements[node.statements.length - 1];
        if (first && last) site = { kind: "branch", statements, start: first.getStart(source), end: last.getEnd() };
      }
      if (site !== undefined) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return site;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Replace the handler of `tool`: `body(original)` gives the arrow that `conform` wraps. */
function handlerEdit(source: ts.SourceFile, tool: ToolEntry, arrow: (original: string) => string): Edit | undefined {
  const line = tool.handler?.line;
  if (line === undefined) return undefined;
  const site = findSite(source, line);
  if (site === undefined) return undefined;
  const name = JSON.stringify(tool.name);
  const text = source.text;
  if (site.kind === "expression") {
    const start = site.node.getStart(source);
    const original = text.slice(start, site.node.getEnd());
    return { start, end: site.node.getEnd(), text: `conform(${name}, ${arrow(original)})` };
  }
  if (site.kind === "body") {
    const body = site.node.body!;
    const start = body.getStart(source);
    const inner = `async () => ${text.slice(start, body.getEnd())}`;
    return { start, end: body.getEnd(), text: `{\n    return conform(${name}, ${arrow(inner)})();\n  }` };
  }
  const inner = `async () => {\n${text.slice(site.start, site.end)}\n}`;
  return { start: site.start, end: site.end, text: `\n      return conform(${name}, ${arrow(inner)})();\n` };
}

/** A call of the tool's error formatter with valid parts, per protocol: a conforming return. */
export function conformingCall(protocol: ProtocolId, tool: string, withGuidance: boolean): string {
  const fn = `format${pascalCase(tool)}Error`;
  switch (protocol) {
    case "aorp":
      return `${fn}({
      immediate: { key_insight: "Could not compute" },
      actionable: { next_steps: [], recommendations: { primary: "Retry later", secondary: [] }, workflow_guidance: "Tell the user and stop" },
      quality: { urgency: "high", indicators: { error_type: "upstream", recoverable: true, retry_suggested: true } },
      details: { summary: "Upstream failure", data: { error_code: "UPSTREAM", error_message: "upstream down", context: null }, metadata: { error_id: "e-1" }, debug: null },
    })`;
    case "smart-v2":
      return `${fn}({
      summary: { title: "Failed", what: "Nothing computed", input: {}, keyFindings: [], conclusion: "No result", confidence: { level: "Very Low", score: 0, factors: [] } },
      data: {
        validation: { validFields: [], missingFields: [], nullFields: [], defaultFields: [] },
        dataQuality: {
          completeness: { percentage: 0, status: "minimal", missingCritical: [] },
          accuracy: { score: 0, factors: [] },
          freshness: { timestamp: "2026-01-01T00:00:00Z", age: { value: 0, unit: "seconds" }, status: "real-time" },
        },
      },
      metadata: {
        tool: { version: "1.0.0", category: "Utility" },
        execution: { duration: 0, timestamp: "2026-01-01T00:00:00Z", cached: false },
        source: { name: "test", reliability: "low" },
        assumptions: [],
        warnings: [],
      },
      recommendations: { primary: { action: "N/A", confidence: 0, priority: "Low", reasoning: "No result", drivers: [] }, nextSteps: [], risks: [] },
      context: { relatedTools: [], alternativeTools: [], suggestedFollowUp: [], dependencies: { requires: [], provides: [] }, learnMore: [] },
    }${withGuidance ? ', "upstream down"' : ""})`;
    case "guidance":
      return `${fn}("upstream down")`;
    case "aop":
      return `${fn}({ message: "upstream down", attributes: { code: "UPSTREAM" } })`;
    case "acor":
      return `${fn}({ title: "Upstream down", message: "The data source did not answer", recovery: "Retry in a minute" })`;
  }
}

export interface Wrapped {
  /** The tool whose own handler is wrapped with conform: its returns do not conform. */
  broken: ToolEntry;
  /** The tool whose handler is replaced by a conform-wrapped formatter call: it conforms. */
  conforming: ToolEntry | undefined;
}

/**
 * Wrap one tool's own handler with `conform` (its legacy returns must now fail to compile) and
 * replace another tool's handler with a conform-wrapped call of its error formatter (which must
 * compile in the registration's place).
 */
export function wrapHandlers(dir: string, inventory: Inventory, protocol: ProtocolId, withGuidance: boolean): Wrapped {
  const tools = [...inventory.tools].filter((tool) => tool.handler !== null).sort((a, b) => (a.name < b.name ? -1 : 1));
  const edits = new Map<string, Edit[]>();
  const sources = new Map<string, ts.SourceFile>();
  const sourceOf = (file: string): ts.SourceFile => {
    let source = sources.get(file);
    if (source === undefined) {
      source = ts.createSourceFile(file, readFileSync(join(dir, file), "utf8"), ts.ScriptTarget.Latest, true);
      sources.set(file, source);
    }
    return source;
  };
  const overlaps = (file: string, edit: Edit): boolean => (edits.get(file) ?? []).some((other) => edit.start < other.end && other.start < edit.end);

  let broken: ToolEntry | undefined;
  let conforming: ToolEntry | undefined;
  for (const tool of tools) {
    const file = tool.handler!.file;
    if (broken === undefined) {
      const edit = handlerEdit(sourceOf(file), tool, (original) => original);
      if (edit) {
        edits.set(file, [...(edits.get(file) ?? []), edit]);
        broken = tool;
      }
    } else if (conforming === undefined) {
      const call = conformingCall(protocol, tool.name, withGuidance);
      const edit = handlerEdit(sourceOf(file), tool, () => `async () => ${call}`);
      if (edit && !overlaps(file, edit)) {
        edits.set(file, [...(edits.get(file) ?? []), { ...edit, formatter: tool.name } as Edit]);
        conforming = tool;
      }
    }
  }
  if (broken === undefined) throw new Error("no handler could be wrapped");

  for (const [file, fileEdits] of edits) {
    const conformPath = posix.join(OUTPUT_DIR, "conform.ts");
    const imports = [`import { conform } from ${JSON.stringify(importSpecifier(file, conformPath))};`];
    for (const edit of fileEdits) {
      const formatterTool = (edit as Edit & { formatter?: string }).formatter;
      if (formatterTool !== undefined) {
        const formatter = posix.join(OUTPUT_DIR, "formatters", `${formatterTool}.ts`);
        imports.push(`import { format${pascalCase(formatterTool)}Error } from ${JSON.stringify(importSpecifier(file, formatter))};`);
      }
    }
    let text = sourceOf(file).text;
    for (const edit of [...fileEdits].sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    writeFileSync(join(dir, file), `${imports.join("\n")}\n${text}`);
  }
  return { broken, conforming };
}
