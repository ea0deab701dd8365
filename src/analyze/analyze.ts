import { relative } from "node:path";
import type { ts } from "../compiler.cjs";
import { CLASS_LIKE_KINDS, ModuleKind, SyntaxKind } from "./engine/ts6-enums.generated.js";
import { typescript6 } from "../typescript6.js";
import type { DiscoveryContext, ToolCandidate, ToolServer } from "./discover/candidate.js";
import { createDiscoverers } from "./discover/index.js";
import { AnalyzeCodes } from "./diagnostic-codes.js";
import { type Diagnostic, INVENTORY_SCHEMA_VERSION, type Inventory, type ToolEntry, type TypeReference } from "./inventory.js";
import { loadProgram, loadProject, openLocatingTsconfigErrors } from "./load-project.js";
import { resolveTsconfigPath } from "./tsconfig-path.js";
import { toPosixPath } from "./paths.js";
import { analyseExits } from "./resolve/exits.js";
import { resolveFunction, serialisingWrapper } from "./resolve/handler.js";
import { declaredOutputSchema } from "./resolve/declared-output-schema.js";
import { resolveInputParams } from "./resolve/input-params.js";
import { programSdkMajor, sdkMajorOf } from "./resolve/sdk-major.js";
import { resolveToolName, shorthandValueName } from "./resolve/tool-name.js";
import { isTestFile } from "./test-files.js";
import { TypeReferenceEmitter } from "./resolve/type-reference.js";
import { TypeSchemaEmitter } from "./resolve/type-schema.js";
import { isAnyType, typeText } from "./resolve/type-text.js";
import { mergeReferences, RelationAnalysis } from "./relations/index.js";
import { FactIndex } from "./relations/scan.js";
import { MemoKind, NodeMemo } from "./memo.js";
import { noToolsDiagnostic } from "./no-tools.js";
import { carryResolutions } from "./carry-resolutions.js";
import { prefetchPayloadTexts } from "./payload-text-prefetch.js";
import { FileNodesGatherer } from "./file-nodes.js";
import { AnalysisSession } from "./session.js";
import type { AnalysisChecker, AnalysisProgram, Engine, EngineProject } from "./engine/engine.js";

function isAnalysisProject(project: EngineProject): project is EngineProject & { analysisProgram: AnalysisProgram; analysisChecker: AnalysisChecker } {
  return "analysisProgram" in project && "analysisChecker" in project;
}
import { callableName } from "./resolve/values.js";
import { calleeName, type FunctionNode, literalText, unwrapExpression } from "./syntax.js";
import { compareStrings } from "../compare-strings.js";
import {
  forEachChild,
  kindOf,
  isArrowFunction,
  isCallExpression,
  isClassDeclaration,
  isClassLike,
  isExpressionWithTypeArguments,
  isExportDeclaration,
  isExpression,
  isExpressionStatement,
  isIdentifier,
  isImportDeclaration,
  isImportSpecifier,
  isInterfaceDeclaration,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isReturnStatement,
  isStringLiteral,
} from "./engine/ast.js";

export interface AnalyzeOptions {
  /** A tsconfig.json or its folder; default: the nearest tsconfig.json upward from `cwd`. */
  project?: string;
  cwd?: string;
  /** Called once per source file walked, then once with the inventory's tool count (src/progress/ draws it). */
  onProgress?: ((event: AnalysisProgress) => void) | undefined;
  /** Files the Program must hold beyond the tsconfig's own (check's generated output, which `include` may not cover). */
  extraRoots?: readonly string[];
  /**
   * The compiler that analyses: TypeScript 6 (ts-morph's, the default) or a loaded TypeScript 7
   * engine (`loadEngine("ts7")`). Commands pick it by the project's TypeScript (engine/select.ts).
   * The `"ts6"` id asks for TypeScript 6 without loading anything.
   */
  engine?: Engine | "ts6" | undefined;
}

/**
 * How far an analysis has got. While files are walked, `tools` counts the registrations found so
 * far (a FastMCP object that is also a generic tool object counts twice until resolution); the
 * last event has `filesDone === filesTotal` and the inventory's tool count.
 */
export interface AnalysisProgress {
  filesDone: number;
  filesTotal: number;
  tools: number;
}

export interface AnalysisResult {
  inventory: Inventory;
  /** Kept open for stages that need nodes (check, migrate) and for watch mode. */
  session: AnalysisSession;
}

/**
 * Open the project named by the options: the one Program and checker of the run. `editable`
 * opens it through a ts-morph Project instead, for the commands that rewrite source.
 */
export function openSession(options: AnalyzeOptions & { editable?: boolean } = {}): AnalysisSession {
  const cwd = options.cwd ?? process.cwd();
  const tsconfigPath = resolveTsconfigPath(options.project, cwd);
  if (options.editable) return AnalysisSession.fromProject(loadProject(tsconfigPath, cwd), tsconfigPath);
  const engine = options.engine;
  if (engine !== undefined && engine !== "ts6" && engine.id !== "ts6") {
    const project = openLocatingTsconfigErrors(tsconfigPath, cwd, () => engine.open(tsconfigPath, cwd));
    if (!isAnalysisProject(project)) throw new Error(`internal: the ${engine.id} engine gives no analysis program`);
    // TypeScript 7's API opens a tsconfig as it is: files its `include` leaves out (check's generated
    // output, say) cannot be added. Then the TypeScript 6 engine, which can, analyses instead.
    const held = new Set(project.programFileNames().map(toPosixPath));
    if (!(options.extraRoots ?? []).every((file) => held.has(toPosixPath(file)))) project.close();
    else return AnalysisSession.onEngine(project);
  }
  return new AnalysisSession(loadProgram(tsconfigPath, cwd, undefined, undefined, options.extraRoots), tsconfigPath);
}

export function analyze(options: AnalyzeOptions = {}): AnalysisResult {
  const cwd = options.cwd ?? process.cwd();
  const session = openSession(options);
  return { inventory: analyzeSession(session, cwd, options.onProgress), session };
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return compareStrings(a.file ?? "", b.file ?? "") || (a.line ?? 0) - (b.line ?? 0) || compareStrings(a.code, b.code) || compareStrings(a.message, b.message);
}

/** Analyse an open session into an Inventory. Pure with respect to the session's current state. */
export function analyzeSession(session: AnalysisSession, cwd: string = process.cwd(), onProgress?: (event: AnalysisProgress) => void): Inventory {
  const run = analyzeSessionCore(session, cwd, undefined, onProgress);
  if (!run) throw new Error("internal: a full analysis cannot fall back");
  return run.inventory;
}

/**
 * What one file gave discovery (syntax error, discovery diagnostics, candidates) and what its
 * candidates resolved to. Kept across watch cycles (incremental.ts): a file none of whose imports
 * changed gives the same again, its nodes being the very same objects in the next Program.
 */
export interface FileDiscovery {
  diagnostics: Diagnostic[];
  candidates: ToolCandidate[];
  resolutions: Map<ToolCandidate, CandidateResolution>;
}

export interface CandidateResolution {
  tool: ResolvedTool | undefined;
  diagnostics: Diagnostic[];
  recursions: { declaration: ts.Declaration; name: string }[];
}

/**
 * A run's per-file results, what the cross-file assembly (`finish`: the low-level server, whose
 * ListTools and CallTool handlers may live in different files) gave, and the files it read.
 */
export interface AnalysisState {
  /** The project analysed, which watch compares the next one with (incremental.ts). */
  project: EngineProject;
  /** Its compiler options, as the analysis read them. */
  options: ts.CompilerOptions;
  files: Map<string, FileDiscovery>;
  assembled: FileDiscovery;
  /** Files that register a low-level request handler, or forward registrations through a function, or call one: the inputs of the assembly. */
  assemblyFiles: Set<string>;
  /** The names of the functions whose calls the assembly followed: a walked file that calls one feeds it. */
  forwarders: Set<string>;
  /** Each tool's warnings and references, the functions that count as handlers, and every tool's name. */
  relations: Map<ResolvedTool, Relations>;
  owners: Map<ts.Node, string[]>;
  names: string;
  /** Answers about single nodes (a ListTools handler's listings, a handler's delegate) for the next cycle to reuse. */
  memo: NodeMemo;
}

type Relations = Pick<ToolEntry, "warnings" | "references">;

export interface AnalysisReuse {
  files: ReadonlyMap<string, FileDiscovery>;
  /** The previous assembly and its files, valid while none of them is walked again. */
  assembled: FileDiscovery;
  assemblyFiles: ReadonlySet<string>;
  /**
   * Assemble again instead of reusing `assembled`: the reused files among `assemblyFiles` are
   * walked once more for what they feed the assembly (their own discoveries still reused).
   */
  reassemble?: boolean;
  forwarders: ReadonlySet<string>;
  relations: ReadonlyMap<ResolvedTool, Relations>;
  owners: ReadonlyMap<ts.Node, string[]>;
  names: string;
  /** The previous answers that still stand (NodeMemo.carry). */
  memo: NodeMemo;
  /**
   * The files whose text changed since the reused analysis. Of the files walked again, only these
   * have their names' symbols asked in one batch (TypeScript 7): an affected file that did not
   * change keeps its answers in `memo`, and batching all its names would ask what the analysis
   * then never does, some of it costly on a new checker (a low-level server's `setRequestHandler`
   * and `request.params` resolve the SDK's zod request types: about 60 ms of a 1,000-tool watch cycle).
   */
  changed?: ReadonlySet<string>;
  /**
   * Changed files whose other tools may keep their resolutions (carry-resolutions.ts), with what
   * the last run found in each: files that declare what they did and are affected by their own edit alone.
   */
  carryFrom?: ReadonlyMap<string, FileDiscovery>;
}

/**
 * The analysis proper. `reuse` (incremental.ts) hands in the discoveries of files that need not
 * be walked again and the previous assembly. Unless `reuse.reassemble`, a walked file that feeds
 * the assembly (registers a low-level request handler, forwards or calls a forwarding function)
 * means the previous assembly cannot be reused, and the answer is undefined (the caller runs
 * again with `reassemble`).
 */
export function analyzeSessionCore(
  session: AnalysisSession,
  cwd: string,
  reuse?: AnalysisReuse,
  onProgress?: (event: AnalysisProgress) => void,
): { inventory: Inventory; state: AnalysisState; carried: number } | undefined {
  const { checker } = session;
  const diagnostics: Diagnostic[] = [];
  let reported = diagnostics;
  const memo = reuse?.memo ?? new NodeMemo();
  const context: DiscoveryContext = {
    session,
    memo,
    report(diagnostic, at) {
      reported.push({ ...diagnostic, ...session.where(at) });
    },
    assemble(file) {
      state.assemblyFiles.add(file.fileName);
    },
  };
  // Every call, by the name it is made by: the calls of the functions that forward registrations.
  const calls = new Map<string, ts.CallExpression[]>();
  const discoverers = createDiscoverers();
  const candidates: ToolCandidate[] = [];
  // Test files register tools on mocks (test-files.ts): not searched.
  const files = session.userSourceFiles().filter((file) => !isTestFile(file.fileName));
  // What handlers say (texts, warnings, calls) is gathered on this one walk over the sources.
  const facts = new FactIndex(checker);
  const state: AnalysisState = {
    project: session.engine,
    options: session.program.getCompilerOptions(),
    files: new Map(),
    assembled: { diagnostics: [], candidates: [], resolutions: new Map() },
    assemblyFiles: new Set(),
    // Reassembling finds the forwarders again, as a full run does.
    forwarders: new Set(reuse && !reuse.reassemble ? reuse.forwarders : []),
    relations: new Map(),
    owners: new Map(),
    names: "",
    memo,
  };
  const ownerOf = new Map<ToolCandidate, FileDiscovery>();

  if (checker.prefetchSymbols) {
    const { payloads, walked } = prefetchNamedSymbols(checker.prefetchSymbols.bind(checker), files, reuse);
    checker.prefetchAnnotationTypes?.(payloads);
    prefetchPayloadTexts(checker, payloads);
    checker.prefetchModuleExports?.(walked);
  }

  /** One file offered to every discoverer (and its nodes to the fact index): what it finds goes into `discovery`. */
  const walk = (file: ts.SourceFile, discovery: FileDiscovery, record: boolean): void => {
    reported = discovery.diagnostics;
    const found = discovery.candidates;
    for (const discoverer of discoverers) found.push(...(discoverer.visitSourceFile?.(file, context) ?? []));
    const gatherer = record ? new FileNodesGatherer(file) : undefined;
    const visit = (node: ts.Node): void => {
      if (record) facts.record(node, file);
      // Every node of every file comes here: its kind is read once.
      const kind = kindOf(node);
      gatherer?.add(node, kind);
      if (kind === SyntaxKind.CallExpression) {
        const call = node as ts.CallExpression;
        const callee = calleeName(call);
        if (callee !== undefined) {
          const named = calls.get(callee);
          if (named) named.push(call);
          else calls.set(callee, [call]);
          // A call of a function whose registrations were assembled across files feeds that assembly.
          if (callee === "setRequestHandler" || reuse?.forwarders.has(callee)) state.assemblyFiles.add(file.fileName);
        }
        for (const d of discoverers) if (d.visitCall) found.push(...d.visitCall(call, context));
      } else if (CLASS_LIKE_KINDS.has(kind)) {
        for (const d of discoverers) if (d.visitClass) found.push(...d.visitClass(node as ts.ClassLikeDeclaration, context));
      } else if (kind === SyntaxKind.ObjectLiteralExpression) {
        for (const d of discoverers) if (d.visitObjectLiteral) found.push(...d.visitObjectLiteral(node as ts.ObjectLiteralExpression, context));
      }
      forEachChild(node, visit);
    };
    forEachChild(file, visit);
    gatherer?.done();
    reported = diagnostics;
  };

  let filesDone = 0;
  let carried = 0;
  for (const file of files) {
    // Reported as each file starts (counting the files before it), so no `continue` below can skip
    // it. From this one walk: progress costs no second pass over the sources.
    if (onProgress) onProgress({ filesDone: filesDone++, filesTotal: files.length, tools: candidates.length });
    const kept = reuse?.files.get(file.fileName);
    if (kept) {
      state.files.set(file.fileName, kept);
      diagnostics.push(...kept.diagnostics);
      for (const candidate of kept.candidates) ownerOf.set(candidate, kept);
      candidates.push(...kept.candidates);
      // Walked again, in file order, only for what the discoverers gather for the assembly: the
      // file is unaffected, so what else it gives is `kept` again, and is dropped.
      if (reuse?.reassemble && reuse.assemblyFiles.has(file.fileName) && session.program.getSyntacticDiagnostics(file).length === 0) {
        walk(file, { diagnostics: [], candidates: [], resolutions: new Map() }, false);
      }
      continue;
    }
    const discovery: FileDiscovery = { diagnostics: [], candidates: [], resolutions: new Map() };
    state.files.set(file.fileName, discovery);
    const syntaxErrors = session.program.getSyntacticDiagnostics(file);
    const firstError = syntaxErrors[0];
    if (firstError) {
      const { line } = file.getLineAndCharacterOfPosition(firstError.start ?? 0);
      discovery.diagnostics.push({
        file: session.relativePath(file.fileName),
        line: line + 1,
        severity: "error",
        code: AnalyzeCodes.syntaxError,
        message: `syntax error: ${typescript6().flattenDiagnosticMessageText(firstError.messageText, " ")}; tools in this file were not analysed`,
      });
      diagnostics.push(...discovery.diagnostics);
      continue;
    }
    walk(file, discovery, true);
    const previous = reuse?.carryFrom?.get(file.fileName);
    if (previous) carried += carryResolutions(previous, discovery, file, session.relativePath(file.fileName));
    diagnostics.push(...discovery.diagnostics);
    for (const candidate of discovery.candidates) ownerOf.set(candidate, discovery);
    candidates.push(...discovery.candidates);
  }
  // Every file walked; resolving the candidates' types comes next, and may take as long again.
  onProgress?.({ filesDone: files.length, filesTotal: files.length, tools: candidates.length });
  if (reuse && !reuse.reassemble) {
    // A walked file feeds the assembly: it must be redone, over every file that feeds it.
    if (state.assemblyFiles.size > 0) return undefined;
    state.assembled = reuse.assembled;
    state.assemblyFiles = new Set(reuse.assemblyFiles);
  } else {
    reported = state.assembled.diagnostics;
    const finishing: DiscoveryContext = { ...context, callSites: (fn) => callSitesOf(fn, calls, checker, state.forwarders) };
    for (const discoverer of discoverers) state.assembled.candidates.push(...(discoverer.finish?.(finishing) ?? []));
    reported = diagnostics;
  }
  diagnostics.push(...state.assembled.diagnostics);
  for (const candidate of state.assembled.candidates) ownerOf.set(candidate, state.assembled);
  candidates.push(...state.assembled.candidates);

  const tools: ToolEntry[] = [];
  const references = new TypeReferenceEmitter(session);
  const resolution: ResolutionContext = {
    session,
    diagnostics,
    references,
    schemas: new TypeSchemaEmitter(session.checker, references),
    recursions: new Map(),
    found: [],
  };
  const resolved: ResolvedTool[] = [];
  for (const candidate of withoutDoubleClaims(candidates)) {
    const owner = ownerOf.get(candidate);
    let result = owner?.resolutions.get(candidate);
    if (!result) {
      const own: ResolutionContext = { ...resolution, diagnostics: [], found: [] };
      result = { tool: resolveCandidate(candidate, own), diagnostics: own.diagnostics, recursions: own.found };
      owner?.resolutions.set(candidate, result);
    }
    diagnostics.push(...result.diagnostics);
    if (result.tool) {
      const tool = result.tool;
      for (const recursion of result.recursions) {
        const known = resolution.recursions.get(recursion.declaration) ?? { name: recursion.name, tools: [] };
        if (!known.tools.includes(tool.entry.name)) known.tools.push(tool.entry.name);
        resolution.recursions.set(recursion.declaration, known);
      }
      resolved.push(tool);
    }
  }
  reportUnnameableRecursions(resolution);
  resolved.sort(({ entry: a }, { entry: b }) => compareStrings(a.name, b.name) || compareStrings(a.file, b.file) || a.line - b.line);
  // Warnings and references need every tool's name and handler first.
  const analysis = new RelationAnalysis(session, facts, memo);
  const scopes = resolved.map(({ entry, scope, handler }) => ({ name: entry.name, scope, handler }));
  const owners = analysis.handlerOwners(scopes);
  state.owners = owners;
  state.names = resolved.map(({ entry }) => entry.name).join("\u0000");
  // A reused tool reaches only unaffected files: its relations stand while every name and every
  // handler there is what it was.
  const reusable = reuse && reuse.names === state.names && sameOwnersIn(owners, reuse.owners, (node) => reuse.files.has(node.getSourceFile().fileName));
  const relations = analysis.analyse(scopes, reusable ? (index) => !reuse.relations.has(resolved[index] as ResolvedTool) : undefined, owners);
  const stubMentions = analysis.guidanceStubReferences(scopes, files, owners);
  let programMajor: 1 | 2 | undefined | null = null;
  // Which server each tool is on matters once the project has several (the same name may then stand on each).
  const servers = new Set(resolved.map((tool) => tool.server?.key).filter((key) => key !== undefined));
  const serverOf = new Map<ToolEntry, ts.Node | null>();
  resolved.forEach((tool, index) => {
    const found = relations[index] ?? (reusable ? reuse.relations.get(tool) : undefined) ?? { warnings: [], references: [] };
    state.relations.set(tool, found);
    const entry: ToolEntry = { ...tool.entry, warnings: found.warnings, references: mergeReferences(found.references, stubMentions[index] ?? []) };
    if (entry.style === "tool-object" && entry.sdkMajor === undefined) {
      if (programMajor === null) programMajor = programSdkMajor(session.engine);
      if (programMajor !== undefined) entry.sdkMajor = programMajor;
    }
    if (servers.size > 1 && tool.server) entry.server = { name: tool.server.name, ...session.where(tool.server.key) };
    serverOf.set(entry, tool.server?.key ?? null);
    tools.push(entry);
  });
  onProgress?.({ filesDone: files.length, filesTotal: files.length, tools: tools.length });
  reportDuplicates(tools, serverOf, diagnostics);
  reportUnresolvedModules(tools, session, diagnostics, memo);
  if (tools.length === 0) diagnostics.push(noToolsDiagnostic(session.engine, diagnostics));
  diagnostics.sort(compareDiagnostics);
  const inventory: Inventory = {
    schemaVersion: INVENTORY_SCHEMA_VERSION,
    project: toPosixPath(relative(cwd, session.tsconfigPath) || "tsconfig.json"),
    tools,
    diagnostics: dedupe(diagnostics),
  };
  if (writesExtensionlessImports(session.program.getCompilerOptions(), files)) inventory.importSpecifiers = "extensionless";
  return { inventory, state, carried };
}

/** The same functions count as the same tools' handlers, among the nodes `within` selects. */
function sameOwnersIn(now: ReadonlyMap<ts.Node, string[]>, before: ReadonlyMap<ts.Node, string[]>, within: (node: ts.Node) => boolean): boolean {
  const key = (names: readonly string[]) => [...names].sort().join("\u0000");
  let count = 0;
  for (const [node, names] of now) {
    if (!within(node)) continue;
    count++;
    const was = before.get(node);
    if (!was || key(was) !== key(names)) return false;
  }
  for (const node of before.keys()) if (within(node)) count--;
  return count === 0;
}

/**
 * One object literal can be both a definition a registration forwards (FastMCP's
 * `addTool(weatherTool)`, `server.registerTool(t.name, ..., t.handler)` in a loop) and a tool object
 * found by its shape alone; the registration, which knows which member is which, wins.
 */
function withoutDoubleClaims(candidates: ToolCandidate[]): ToolCandidate[] {
  const specific = new Set(candidates.filter((c) => !c.generic).map((c) => c.registration));
  return candidates.filter((c) => !c.generic || !specific.has(c.registration));
}

/** The calls of a project function, among every call of the walk made by its name. */
function callSitesOf(
  fn: FunctionNode,
  calls: ReadonlyMap<string, ts.CallExpression[]>,
  checker: AnalysisChecker,
  forwarders: Set<string>,
): ts.CallExpression[] {
  const name = callableName(fn);
  if (name === undefined) return [];
  forwarders.add(name);
  return (calls.get(name) ?? []).filter((call) => resolveFunction(call.expression, checker) === fn);
}

function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file}:${d.line}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function descriptionText(node: ts.Node | string | null, checker: AnalysisChecker): string | null {
  if (node === null || typeof node === "string") return node;
  const literal = literalText(node);
  if (literal !== undefined) return literal;
  if (isExpression(node)) {
    const type = checker.getTypeAtLocation(shorthandValueName(node, checker) ?? unwrapExpression(node));
    if (type.isStringLiteral()) return type.value;
  }
  return null;
}

/** What resolving every tool of one run shares: the session, the diagnostics, and the caches of the emitters. */
interface ResolutionContext {
  session: AnalysisSession;
  diagnostics: Diagnostic[];
  references: TypeReferenceEmitter;
  schemas: TypeSchemaEmitter;
  /** Non-exported self-referring types met while writing payload types, and the tools they are in. */
  recursions: Map<ts.Declaration, { name: string; tools: string[] }>;
  /** The self-referring types met while resolving the current candidate. */
  found: { declaration: ts.Declaration; name: string }[];
}

function payloadReference(types: (ts.Type | null)[], context: ResolutionContext): TypeReference {
  const { reference, recursions } = context.references.emit(types);
  for (const recursion of recursions) context.found.push({ declaration: recursion.declaration, name: recursion.name });
  return reference;
}

/** One MCPA011 per type that refers to itself and cannot be named, listing the tools it stands in. */
function reportUnnameableRecursions(context: ResolutionContext): void {
  for (const [declaration, { name, tools }] of context.recursions) {
    const at = context.session.where(declaration);
    const which = tools
      .sort()
      .map((tool) => `"${tool}"`)
      .join(", ");
    context.diagnostics.push({
      ...at,
      severity: "warning",
      code: AnalyzeCodes.unnameableRecursiveType,
      message: `\`${name}\` refers to itself and is not exported, so generated code cannot name it and writes \`unknown\` where it recurs in the payload of ${tools.length === 1 ? "tool" : "tools"} ${which}; export it from ${at.file}`,
    });
  }
}

export interface ResolvedTool {
  entry: ToolEntry;
  scope: ts.Node | null;
  handler: FunctionNode | null;
  server: ToolServer | null;
}

function resolveCandidate(candidate: ToolCandidate, context: ResolutionContext): ResolvedTool | undefined {
  const { session, diagnostics } = context;
  const { checker } = session;
  const nameNode = candidate.declaredAt ?? ("expression" in candidate.name ? candidate.name.expression : candidate.name.node);
  const name = "expression" in candidate.name ? resolveToolName(candidate.name.expression, session.engine, checker) : candidate.name.text;
  const at = session.where(nameNode);
  if (name === undefined) {
    diagnostics.push({
      ...at,
      severity: "warning",
      code: AnalyzeCodes.unresolvedName,
      message: `${candidate.style} tool name ${quoteCode(nameNode.getText())} cannot be resolved to a string literal; use a literal, an \`as const\` constant or an enum member`,
    });
    return undefined;
  }

  const followed = candidate.handler ? resolveFunction(candidate.handler, checker) : null;
  // `jsonTool(fn)`: fn's returns are the tool's payload (the wrapper serialises them), but fn is not the handler.
  const serialised = !followed && candidate.handler ? serialisingWrapper(candidate.handler, checker) : null;
  const handler = followed ?? serialised;
  const scope = candidate.returnScope ?? handler;
  const exits = scope ? analyseExits(scope, serialised ? "raw" : candidate.payloadMode, checker) : [];
  if (!scope && candidate.handler) {
    diagnostics.push({
      ...at,
      severity: "warning",
      code: AnalyzeCodes.unresolvedHandler,
      message: `the handler of tool "${name}" (\`${candidate.handler.getText().slice(0, 60)}\`) cannot be followed to its declaration; return paths are unknown`,
    });
  }

  const input = resolveInputParams(candidate.input, checker);
  if (input.unrecognised || candidate.inputUnknown) {
    diagnostics.push({
      ...at,
      severity: "warning",
      code: AnalyzeCodes.unknownInput,
      message: `the input schema of tool "${name}" is not a zod shape, zod object, JSON Schema literal or Standard Schema the checker can resolve; its params are unknown`,
    });
  }

  const enclosing = scope ?? nameNode;
  const payloadTexts: string[] = [];
  /** The success payloads' types, for the type reference and schema; null: one that cannot be told. */
  const payloadTypes: (ts.Type | null)[] = [];
  let anyPayload = false;
  for (const exit of exits) {
    // An SDK 2.x `InputRequiredResult` asks for more input; the tool's answer comes on the next call.
    if (exit.kind !== "success" || exit.via === "input-required") continue;
    for (const payload of exit.payloads) {
      payloadTypes.push(payload);
      if (!payload) {
        payloadTexts.push("unknown");
        continue;
      }
      if (isAnyType(payload)) anyPayload = true;
      payloadTexts.push(typeText(payload, checker, enclosing));
    }
  }
  if (exits.length === 0 && candidate.handler) {
    // No visible body (a handler typed `any`, or one from a declaration file): ask its signature.
    const signature = checker.getTypeAtLocation(candidate.handler).getCallSignatures()[0];
    const returned = signature ? checker.getAwaitedType(signature.getReturnType()) : undefined;
    if (!signature || (returned && isAnyType(returned))) anyPayload = true;
    if (returned && !isAnyType(returned)) payloadTexts.push(typeText(returned, checker, enclosing));
    else payloadTexts.push(signature ? "any" : "unknown");
    payloadTypes.push(returned && !isAnyType(returned) ? returned : signature ? checker.getAnyType() : null);
  }
  if (anyPayload) {
    diagnostics.push({
      ...at,
      severity: "warning",
      code: AnalyzeCodes.anyPayload,
      message: `tool "${name}" returns a payload typed \`any\`: its shape cannot be checked; give the handler a return type`,
    });
  }
  const unique = [...new Set(payloadTexts)];
  const payloadType = unique.length === 0 ? "never" : unique.length === 1 ? (unique[0] ?? "unknown") : unique.join(" | ");

  const entry: ToolEntry = {
    name,
    style: candidate.style,
    file: at.file,
    line: at.line,
    description: descriptionText(candidate.description, checker),
    input: input.params,
    payloadType,
    returns: exits.map((exit) => ({ ...session.where(exit.node), kind: exit.kind, via: exit.via })),
    handler: scope && !serialised ? session.where(scope) : null,
    payload: { type: payloadReference(payloadTypes, context), schema: context.schemas.schema(payloadTypes) },
    // Filled once every tool is resolved (relations/).
    warnings: [],
    references: [],
  };
  const sdkMajor = sdkMajorOf(candidate.style, candidate.registration, session.engine, checker);
  if (sdkMajor !== undefined) entry.sdkMajor = sdkMajor;
  const declared = declaredOutputSchema(candidate.registration, candidate.declaredAt, checker, context.schemas, (node) => session.where(node));
  if (declared) entry.declaredOutputSchema = declared;
  return { entry, scope, handler, server: candidate.server ?? null };
}

/** Code in a message: `x` in backticks, unless it is a template literal that brings its own. */
function quoteCode(code: string): string {
  return code.startsWith("`") ? code : `\`${code}\``;
}

/**
 * Two registrations of one name on one server (or where either server is unknown) are a
 * duplicate; one name on two server instances is two tools (the inventory says which server).
 */
function reportDuplicates(tools: ToolEntry[], serverOf: ReadonlyMap<ToolEntry, ts.Node | null>, diagnostics: Diagnostic[]): void {
  const byName = new Map<string, ToolEntry[]>();
  for (const tool of tools) byName.set(tool.name, [...(byName.get(tool.name) ?? []), tool]);
  for (const [name, same] of byName) {
    if (same.length < 2) continue;
    const keys = same.map((tool) => serverOf.get(tool) ?? null);
    if (keys.every((key) => key !== null) && new Set(keys).size === keys.length) continue;
    // One diagnostic, at the first place in path order, naming every place.
    const [first, ...others] = same;
    if (!first) continue;
    diagnostics.push({
      file: first.file,
      line: first.line,
      severity: "error",
      code: AnalyzeCodes.duplicateName,
      message: `duplicate tool name "${name}": registered here and at ${others.map((t) => `${t.file}:${t.line}`).join(", ")}`,
    });
  }
}

/**
 * A file's imports of packages that do not resolve. Kept across watch cycles while the file is
 * unchanged, even when it is affected: what a package specifier resolves to reads no other source
 * file (a file that declares a module makes the cycle a full analysis), and installing or removing
 * a package changes the program's files, which does too.
 */
const UNRESOLVED_IMPORTS = new MemoKind<ts.ImportDeclaration[]>("unresolved imports", () => true);

/**
 * Bare imports the checker cannot resolve (node_modules missing): the tools are still listed,
 * but their types may read `any`/`unknown`, so say why once per module and file.
 */
function reportUnresolvedModules(tools: ToolEntry[], session: AnalysisSession, diagnostics: Diagnostic[], memo: NodeMemo): void {
  const toolFiles = new Set(tools.map((t) => t.file));
  const files = session.engine
    .sourceFiles()
    .filter((entry) => !entry.generated && toolFiles.has(session.relativePath(entry.fileName)))
    .map((entry) => entry.node);
  const packageImports = (file: ts.SourceFile): ts.ImportDeclaration[] =>
    file.statements
      .filter(isImportDeclaration)
      .filter((statement) => isStringLiteral(statement.moduleSpecifier) && !/^(\.|node:)/.test(statement.moduleSpecifier.text));
  const unknown = files.filter((file) => !memo.has(UNRESOLVED_IMPORTS, file));
  // One question for every module those files import (TypeScript 7: one round trip, not one an import).
  session.checker.prefetchSymbols?.(unknown.flatMap(packageImports).map((statement) => statement.moduleSpecifier));
  for (const file of unknown) {
    memo.set(
      UNRESOLVED_IMPORTS,
      file,
      packageImports(file).filter((statement) => !session.checker.getSymbolAtLocation(statement.moduleSpecifier)),
    );
  }
  for (const file of files) {
    for (const statement of memo.get(UNRESOLVED_IMPORTS, file) ?? []) {
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      diagnostics.push({
        ...session.where(statement),
        severity: "warning",
        code: AnalyzeCodes.unresolvedModule,
        message: `cannot resolve module "${specifier}" (is node_modules installed?); tools are listed, but types that come from it are unknown`,
      });
    }
  }
}

/**
 * A project whose own relative imports carry no extension (`import { lookup } from "./stations"`)
 * and none carries `.js`, compiled to CommonJS (`module: commonjs`, or node16/nodenext with files
 * that are CommonJS: no `"type": "module"`) or resolved as a bundler does.
 */
function writesExtensionlessImports(options: ts.CompilerOptions, files: readonly ts.SourceFile[]): boolean {
  const module = options.module ?? ModuleKind.CommonJS;
  const nodeModules = module >= ModuleKind.Node16 && module <= ModuleKind.NodeNext;
  if (nodeModules && files.some((file) => file.impliedNodeFormat === ModuleKind.ESNext)) return false;
  let extensionless = 0;
  for (const file of files) {
    for (const statement of file.statements) {
      const specifier =
        (isImportDeclaration(statement) || isExportDeclaration(statement)) && statement.moduleSpecifier && isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (specifier === undefined || !specifier.startsWith(".")) continue;
      if (/\.(m|c)?js$/.test(specifier)) return false;
      extensionless++;
    }
  }
  return extensionless > 0;
}

/**
 * The names whose symbols discovery and resolution ask for, node by node: callees, the object a
 * method is called on, a return's value, imported names, and the names of interfaces and classes
 * (whose types the schemas walk ask for their symbols). On TypeScript 7 each question is a round
 * trip to the compiler; asked here all at once, they are one. Not every name: a receiver such as
 * `row` in `row.id`, a `new` target or a property's value is seldom asked (measured on the bench's
 * servers: under 1 in 10), and each answer in the batch weighs half a kilobyte. Returns the names
 * that may hold a payload (`return result`, `JSON.stringify(result)`, `structuredContent: result`),
 * whose annotations are asked next, in one batch too.
 */
function prefetchNamedSymbols(
  prefetch: (nodes: readonly ts.Node[]) => void,
  files: readonly ts.SourceFile[],
  reuse: AnalysisReuse | undefined,
): { payloads: ts.Node[]; walked: ts.SourceFile[] } {
  const names: ts.Node[] = [];
  /** The files walked here, whose module symbols are asked with the names. */
  const walked: ts.SourceFile[] = [];
  /** The names that may hold a payload, whose annotation `payloadTypeOf` asks for. */
  const payloads: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (isIdentifier(node)) {
      const parent = node.parent;
      const payload =
        isReturnStatement(parent) ||
        (isCallExpression(parent) &&
          parent.arguments[0] === node &&
          isPropertyAccessExpression(parent.expression) &&
          parent.expression.name.text === "stringify") ||
        (isPropertyAssignment(parent) && parent.initializer === node && isIdentifier(parent.name) && parent.name.text === "structuredContent");
      if (payload) payloads.push(node);
      if (
        payload ||
        (isCallExpression(parent) && parent.expression === node) ||
        // The object a method is called on where the call is a statement or what is returned
        // (`server.registerTool(...);`, `return tool.handler(args)`). Not every receiver: of the
        // calls inside a handler's expressions (`rows.filter(...)`), under 1 in 6 is ever asked
        // (measured on the bench's servers), and a handler that may forward its work asks its own at once.
        (isPropertyAccessExpression(parent) &&
          parent.expression === node &&
          isCallExpression(parent.parent) &&
          parent.parent.expression === parent &&
          (isExpressionStatement(parent.parent.parent) || isReturnStatement(parent.parent.parent) || isArrowFunction(parent.parent.parent))) ||
        isImportSpecifier(parent) ||
        // A declared type's symbol: the one its type gives when asked (`type.symbol`), known before.
        ((isInterfaceDeclaration(parent) || isClassDeclaration(parent)) && parent.name === node) ||
        // A registration's method (`server.registerTool(...)` as a statement), followed to its declaration.
        (isPropertyAccessExpression(parent) && parent.name === node && isCallExpression(parent.parent) && isExpressionStatement(parent.parent.parent)) ||
        // A class's base other than MCPTool, which mcp-framework's discovery follows to see whether it reaches MCPTool.
        (isExpressionWithTypeArguments(parent) && parent.expression === node && node.text !== "MCPTool" && isClassLike(parent.parent.parent))
      )
        names.push(node);
      return;
    }
    forEachChild(node, visit);
  };
  for (const file of files) {
    if (reuse?.files.has(file.fileName) || (reuse?.changed && !reuse.changed.has(file.fileName))) continue;
    // The file's own module symbol: a payload type declared in it is named by what the module exports.
    names.push(file);
    walked.push(file);
    forEachChild(file, visit);
  }
  prefetch(names);
  return { payloads, walked };
}
