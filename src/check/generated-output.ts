import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ts } from "../compiler.cjs";
import { TypeFlags } from "../analyze/engine/ts6-enums.generated.js";
import type { Inventory } from "../analyze/inventory.js";
import type { AnalysisSession } from "../analyze/session.js";
import { InputError } from "../errors.js";
import { type GenerateConfig, relativeToOutputDir, shapesAllowed } from "../generate/config.js";
import { generate } from "../generate/generate.js";
import { currentLastRun } from "../incremental/last-run.js";
import type { TsconfigReader } from "../incremental/tsconfig-inputs.js";
import { lastRunByStamps } from "../incremental/stamps.js";
import { FormatCache } from "../write/format-cache.js";
import { createFormatter } from "../write/format.js";
import { nodeWriteFs } from "../write/fs.js";
import { displayPath, type Plan, planOutput } from "../write/plan.js";
import { compareStrings } from "../compare-strings.js";
import { equalModuloLayout, LayoutTokenMemo } from "../write/layout-equal.js";
import { isGeneratedFile } from "../write/header.js";
import { type OutputDirContents, scanOutputDir } from "../write/scan.js";
import { forEachChild, isPropertySignature, isTypeAliasDeclaration } from "../analyze/engine/ast.js";
import { hasBrandedTargets } from "./brand.js";

/** What `check` reads from the generated output, through the session's checker. */
export interface GeneratedOutput {
  /** `ConformingResults` from `conform.ts`: one property per tool, its target type. */
  conformingResults: ts.Type;
  /** The keys of `WARNINGS` in `warnings.ts`. */
  warningIds: ReadonlySet<string>;
  /**
   * The brand of kit.ts's `Placeholders<P, K>`: the property whose type names the parts a legacy
   * builder filled with neutral values. Null when the kit has none (the guidance kit, older output).
   */
  placeholderBrand: ts.Declaration | null;
  /** Every target carries conform.ts's brand, so a literal written without it cannot conform (brand.ts). */
  brandedTargets: boolean;
}

function moduleExport(session: AnalysisSession, file: ts.SourceFile, name: string): ts.Symbol | undefined {
  const moduleSymbol = session.checker.getSymbolAtLocation(file);
  return moduleSymbol ? session.checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === name) : undefined;
}

function stale(outputDir: string, why: string): InputError {
  return new InputError(`the generated output in ${outputDir} ${why}: run \`mcp-conform generate\` first, then \`mcp-conform check\``);
}

/** The generated files check reads, as they are on disk: the Program is opened with them, whatever the tsconfig's `include` says. */
export function generatedOutputFiles(projectRoot: string, outputDir: string): string[] {
  return ["conform.ts", "tools.ts", "warnings.ts"].map((name) => join(resolve(projectRoot, outputDir), name)).filter((path) => existsSync(path));
}

/**
 * Find the generated output in the session's Program (it lives under the project's sources, so the
 * Program already holds it). Missing, or written for another set of tools, is an input error (exit 2):
 * checking against stale targets would judge the wrong thing.
 */
export function readGeneratedOutput(session: AnalysisSession, inventory: Inventory, outputDir: string): GeneratedOutput {
  const { checker } = session;
  const sourceFile = (name: string): ts.SourceFile | undefined =>
    session.program.getSourceFile(join(session.rootDir, outputDir, name)) ?? findByPath(session, join(session.rootDir, outputDir, name));
  const conform = sourceFile("conform.ts");
  const tools = sourceFile("tools.ts");
  const warnings = sourceFile("warnings.ts");
  if (!conform || !tools || !warnings) return missing(outputDir);

  const toolName = moduleExport(session, tools, "ToolName");
  if (!toolName) throw stale(outputDir, "has no `ToolName`");
  const nameType = checker.getDeclaredTypeOfSymbol(toolName);
  const members = nameType.isUnion() ? nameType.types : nameType.flags & TypeFlags.Never ? [] : [nameType];
  const generatedNames = members.map((type) => (type.isStringLiteral() ? type.value : "")).sort();
  // One name may stand on several servers (inventory `server`): it is one generated tool.
  const inventoryNames = [...new Set(inventory.tools.map((tool) => tool.name))].sort();
  if (generatedNames.join("\n") !== inventoryNames.join("\n")) {
    const added = inventoryNames.filter((name) => !generatedNames.includes(name));
    const removed = generatedNames.filter((name) => !inventoryNames.includes(name));
    throw stale(outputDir, `is stale (${[...added.map((n) => `new tool ${n}`), ...removed.map((n) => `removed tool ${n}`)].join(", ")})`);
  }

  const results = moduleExport(session, conform, "ConformingResults");
  if (!results) throw stale(outputDir, "predates `ConformingResults` in conform.ts");
  const warningsSymbol = moduleExport(session, warnings, "WARNINGS");
  const warningIds = new Set(
    warningsSymbol
      ? checker
          .getTypeOfSymbol(warningsSymbol)
          .getProperties()
          .map((p) => p.name)
      : [],
  );
  const kit = sourceFile("kit.ts");
  return {
    conformingResults: checker.getDeclaredTypeOfSymbol(results),
    warningIds,
    placeholderBrand: kit ? placeholderBrand(session, kit) : null,
    brandedTargets: hasBrandedTargets(conform),
  };
}

/** The one property signature inside kit.ts's `Placeholders` type alias. */
function placeholderBrand(session: AnalysisSession, kit: ts.SourceFile): ts.Declaration | null {
  const alias = moduleExport(session, kit, "Placeholders")?.declarations?.find(isTypeAliasDeclaration);
  let found: ts.Declaration | null = null;
  const visit = (node: ts.Node): void => {
    if (isPropertySignature(node)) found ??= node;
    else forEachChild(node, visit);
  };
  if (alias) visit(alias.type);
  return found;
}

function findByPath(session: AnalysisSession, path: string): ts.SourceFile | undefined {
  const wanted = path.split("\\").join("/");
  return session.program.getSourceFiles().find((file) => file.fileName.split("\\").join("/") === wanted);
}

function missing(outputDir: string): never {
  throw new InputError(
    `no generated output in ${outputDir} (conform.ts, tools.ts and warnings.ts): run \`mcp-conform generate\` first, then \`mcp-conform check\``,
  );
}

/** How `check` names output on disk that is not what `generate` would write now. */
export const STALE_OUTPUT_MESSAGE = "the generated output is stale: run mcp-conform generate";

/** A generated file on disk that is not what `generate` would write now. */
export interface StaleOutputFile {
  /** Relative to the project root, `/` separators. */
  path: string;
  kind: "changed" | "missing" | "stale";
}

/**
 * The generated files on disk that are not what `generate` would write now, by the comparison
 * `generate --check` makes: write/plan.ts's plan, whose writes and deletes are what `--check`
 * reports (write/check.ts adds a unified diff to each, which `check` does not print: at 1,000
 * tools those diffs cost more than the rest of the run). `check` cannot know whether the user
 * generates with or without `--no-format`, so a file is fresh when it equals either the
 * unformatted or the formatted output: the cheap unformatted plan comes first, Prettier (through
 * the format cache, read, never written) only when that one finds differences. Scaffolded stubs
 * are not compared: they are the user's, and a missing one is a problem code (MCPC105).
 */
export async function findStaleOutput(
  projectRoot: string,
  tsconfigPath: string,
  inventory: Inventory,
  config: GenerateConfig,
  readTsconfig?: TsconfigReader,
): Promise<StaleOutputFile[]> {
  return compareOutput(await prepareOutputComparison(projectRoot, tsconfigPath, config, readTsconfig), inventory);
}

/** What the comparison reads before it has the inventory: the output folder, unless the last generate's record says it is fresh. */
export type PreparedComparison =
  | { fresh: true }
  | {
      fresh: false;
      projectRoot: string;
      config: GenerateConfig;
      disk: OutputDirContents;
      /** The tokens of the files on disk, as far as `readDiskTokensAhead` read them (the rest are read when compared). */
      diskTokens: LayoutTokenMemo;
    };

/**
 * The half of `findStaleOutput` that needs no inventory, which `check`'s worker does while the
 * analysis runs: the last generate's record, and the output folder read.
 */
export async function prepareOutputComparison(
  projectRoot: string,
  tsconfigPath: string,
  config: GenerateConfig,
  readTsconfig?: TsconfigReader,
): Promise<PreparedComparison> {
  const root = resolve(projectRoot);
  // The last generate's record still holds (with or without formatting): nothing to compare.
  const target = { projectRoot: root, tsconfigPath, config };
  if (lastRunByStamps(target, [true, false]) ?? currentLastRun(target, [true, false], readTsconfig)) return { fresh: true };
  const disk = await scanOutputDir(nodeWriteFs, resolve(root, config.outputDir), (absPath) => displayPath(root, absPath));
  return { fresh: false, projectRoot: root, config, disk, diskTokens: new LayoutTokenMemo() };
}

/** How long `readDiskTokensAhead` reads before it lets the event loop run (and the inventory in). */
const READ_AHEAD_SLICE_MS = 10;

/**
 * Reads the generated files on disk into their layout tokens, the disk's half of the comparison,
 * until `stop()` says the inventory has come. `check`'s worker does it while it waits (about 2 s
 * at 1,000 tools), where it tokenized both halves after the inventory came, while the main thread
 * waited for it at the end. Files it does not reach are read when compared. On two cores the
 * compiler process shares the second one, so this gains less than the time it moves: `check` on
 * TypeScript 7 1.82 -> 1.77 s at json-zod-100, 4.65 -> 4.60 s at 1,000 (interleaved medians).
 */
export async function readDiskTokensAhead(prepared: PreparedComparison, stop: () => boolean): Promise<void> {
  if (prepared.fresh) return;
  let sliceStart = performance.now();
  for (const [path, content] of prepared.disk.files) {
    if (stop()) return;
    if (!path.endsWith(".ts") || !isGeneratedFile(content)) continue;
    prepared.diskTokens.tokensOf(content);
    if (performance.now() - sliceStart >= READ_AHEAD_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

/** The other half: what `generate` would write for `inventory`, against the folder as prepared. */
export async function compareOutput(prepared: PreparedComparison, inventory: Inventory): Promise<StaleOutputFile[]> {
  if (prepared.fresh) return [];
  const { projectRoot: root, config, disk, diskTokens } = prepared;
  const { generated } = generate(inventory, config);
  const input = {
    projectRoot: root,
    outputDir: resolve(root, config.outputDir),
    generated: relativeToOutputDir(generated, config.outputDir),
    scaffolded: new Map<string, string>(),
    fs: nodeWriteFs,
    disk,
  };
  const unformattedPlan = await planOutput({ ...input, formatter: createFormatter({ enabled: false }), cache: undefined });
  // Output that differs from the unformatted text in layout only is fresh, however the user's
  // Prettier laid it out: no need to run it (on a fresh clone in CI there is no record to say so).
  const laidOut = new Set(
    unformattedPlan.writes
      .filter((write) => write.previous !== undefined && equalModuloLayout(write.content, write.previous, diskTokens.tokensOf))
      .map((write) => write.path),
  );
  const unformatted = staleIn(unformattedPlan).filter((file) => !laidOut.has(file.path));
  if (unformatted.length === 0) return [];
  const deleted = unformatted.filter((file) => file.kind === "stale");
  const toFormat = new Set(unformatted.filter((file) => file.kind !== "stale").map((file) => file.path));
  if (toFormat.size === 0) return deleted;
  // Prettier only for what is left; the files this plan does not generate are not its deletes.
  const cache = FormatCache.forProject(root);
  await cache?.load(nodeWriteFs);
  const pathOf = (key: string): string => displayPath(root, join(input.outputDir, key));
  const formattedPlan = await planOutput({
    ...input,
    generated: new Map([...input.generated].filter(([key]) => toFormat.has(pathOf(key)))),
    formatter: createFormatter({ enabled: true, byShape: shapesAllowed(config) }),
    cache,
  });
  const formatted = staleIn({ ...formattedPlan, deletes: [] }).filter((file) => toFormat.has(file.path));
  return [...formatted, ...deleted].sort((a, b) => compareStrings(a.path, b.path));
}

/** What `generate --check` would list (write/check.ts), without the diffs. */
function staleIn(plan: Plan): StaleOutputFile[] {
  return [
    ...plan.writes.map((file) => ({ path: file.path, kind: file.previous === undefined ? ("missing" as const) : ("changed" as const) })),
    ...plan.deletes.map((file) => ({ path: file.path, kind: "stale" as const })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The stale files, one a line (the first 20), after STALE_OUTPUT_MESSAGE. */
export function describeStaleOutput(stale: readonly StaleOutputFile[]): string {
  const shown = stale
    .slice(0, 20)
    .map((file) => `  ${file.path} (${file.kind === "changed" ? "differs" : file.kind === "missing" ? "missing" : "no longer generated"})`);
  if (stale.length > shown.length) shown.push(`  ... and ${stale.length - shown.length} more`);
  return `${STALE_OUTPUT_MESSAGE} (${stale.length} file${stale.length === 1 ? " differs" : "s differ"} from what it would write now; \`mcp-conform generate --check\` shows the diffs):\n${shown.join("\n")}`;
}
