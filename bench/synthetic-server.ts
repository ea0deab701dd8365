// Synthetic MCP server generator for `npm run bench` and the analyser's scale tests.
//
// It writes a TypeScript project that type-checks with the real tsc against the real
// @modelcontextprotocol/sdk, fastmcp, mcp-framework and zod, in one of two shapes:
// - `styles`: N tools spread round-robin over the seven discovery styles of DESIGN.md;
// - `json-zod`: the server of issue #17, 50 files, half of them arrays of tool objects with inline
//   JSON Schema input served by a low-level Server, half `registerTool` calls with zod shapes.
// Handlers have realistic bodies (a data query, a nested callback, an interface-typed result, a
// success path and an error path) so that `tsc --noEmit` does real work and the benchmark ratio
// means something.
//
// The output is a pure function of (tools, toolsPerFile, seed): no clock, no Math.random.
// Write it somewhere under the repository (e.g. .tmp/bench/) so that the packages resolve
// from the repository's node_modules.

import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const DISCOVERY_STYLES = ["sdk-register-tool", "sdk-tool", "sdk-low-level", "fastmcp", "mcp-framework", "xmcp", "tool-object"] as const;

export type DiscoveryStyle = (typeof DISCOVERY_STYLES)[number];

export interface SyntheticTool {
  name: string;
  style: DiscoveryStyle;
  /** Relative to the project folder (where tsconfig.json is), with `/` separators. */
  file: string;
}

export interface SyntheticManifest {
  /** Sorted by name. */
  tools: SyntheticTool[];
}

/** See the header. */
export const SYNTHETIC_SHAPES = ["styles", "json-zod"] as const;
export type SyntheticShape = (typeof SYNTHETIC_SHAPES)[number];

export interface SyntheticServerOptions {
  tools: number;
  /** Default `styles`. */
  shape?: SyntheticShape;
  /** `styles` only: tools per file for the styles that group tools; xmcp and mcp-framework are one per file by convention. Default 5. */
  toolsPerFile?: number;
  /** Default 1. */
  seed?: number;
}

/** Written into every generated project; only folders carrying it are ever cleaned. */
const MARKER_FILE = ".synthetic-mcp-server";

export function writeSyntheticServer(dir: string, options: SyntheticServerOptions): SyntheticManifest {
  const count = options.tools;
  const toolsPerFile = options.toolsPerFile ?? 5;
  const seed = options.seed ?? 1;
  const shape = options.shape ?? "styles";
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`tools must be a non-negative integer, got ${count}`);
  if (!Number.isInteger(toolsPerFile) || toolsPerFile < 1) throw new RangeError(`toolsPerFile must be a positive integer, got ${toolsPerFile}`);
  if (!SYNTHETIC_SHAPES.includes(shape)) throw new RangeError(`shape must be one of ${SYNTHETIC_SHAPES.join(", ")}, got ${shape}`);

  const files = generateSyntheticServer({ tools: count, toolsPerFile, seed, shape });

  prepareDirectory(dir);
  for (const [path, contents] of files.files) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, contents);
  }
  return files.manifest;
}

/** The files of the project, in memory: path (relative, `/`) to contents. */
export function generateSyntheticServer(options: Required<Omit<SyntheticServerOptions, "shape">> & Pick<SyntheticServerOptions, "shape">): {
  files: Map<string, string>;
  manifest: SyntheticManifest;
} {
  const rng = mulberry32(options.seed);
  const width = Math.max(4, String(options.tools).length);
  const shape = options.shape ?? "styles";
  const styles: readonly DiscoveryStyle[] = shape === "json-zod" ? JSON_ZOD_STYLES : DISCOVERY_STYLES;
  const specs: ToolSpec[] = [];
  for (let i = 1; i <= options.tools; i++) {
    specs.push(planTool(i, width, styles[(i - 1) % styles.length]!, rng));
  }

  const files = new Map<string, string>();
  const wiring: Wiring[] = [];
  const manifest: SyntheticTool[] = [];
  const add = (path: string, contents: string, tools: ToolSpec[], wire?: Omit<Wiring, "path">): void => {
    if (files.has(path)) throw new Error(`synthetic-server: duplicate file ${path}`);
    files.set(path, contents);
    for (const tool of tools) manifest.push({ name: tool.name, style: tool.style, file: path });
    if (wire) wiring.push({ ...wire, path });
  };

  if (shape === "json-zod") {
    for (const style of JSON_ZOD_STYLES) {
      const ofStyle = specs.filter((spec) => spec.style === style);
      const groups = spread(ofStyle, JSON_ZOD_FILES_PER_HALF);
      groups.forEach((group, fileIndex) => (style === "tool-object" ? emitJsonSchemaObjects : EMITTERS[style])(group, fileIndex, add));
    }
    files.set("src/shared/json-tool.ts", JSON_TOOL_SOURCE);
  } else {
    for (const style of DISCOVERY_STYLES) {
      const ofStyle = specs.filter((spec) => spec.style === style);
      const perFile = style === "xmcp" || style === "mcp-framework" ? 1 : options.toolsPerFile;
      chunk(ofStyle, perFile).forEach((group, fileIndex) => EMITTERS[style](group, fileIndex, add));
    }
    files.set("src/shared/tool-definition.ts", TOOL_DEFINITION_SOURCE);
    files.set("src/shared/xmcp.ts", XMCP_SHIM_SOURCE);
  }

  files.set("package.json", `${JSON.stringify({ name: "synthetic-mcp-server", version: "1.0.0", type: "module", private: true }, null, 2)}\n`);
  files.set("tsconfig.json", `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  files.set(MARKER_FILE, `generated by mcp-conform bench/synthetic-server.ts: ${JSON.stringify(options)}\n`);
  files.set("src/shared/store.ts", STORE_SOURCE);
  files.set("src/index.ts", shape === "json-zod" ? emitJsonZodIndex(wiring) : emitIndex(wiring));

  manifest.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { files, manifest: { tools: manifest } };
}

// ---------------------------------------------------------------------------------------------
// Planning: what each tool is called, takes and returns.

type ParamKind = "id" | "query" | "limit" | "status" | "tags" | "since" | "includeArchived" | "minAmount";

interface ParamSpec {
  name: string;
  kind: ParamKind;
  optional: boolean;
  description: string;
}

type ErrorMode = "isError" | "throw" | "try";
type ResultVariant = "plain" | "stats" | "warnings";

interface ToolSpec {
  index: number;
  id: string; // zero-padded index
  name: string;
  style: DiscoveryStyle;
  verb: string;
  noun: string;
  title: string;
  description: string;
  params: ParamSpec[];
  resultType: string;
  variant: ResultVariant;
  errorMode: ErrorMode;
  annotate: boolean;
}

const VERBS = ["get", "list", "search", "summarize", "audit", "export", "reconcile", "rank", "validate", "archive", "sync", "forecast"];
const NOUNS = [
  "invoice",
  "customer",
  "order",
  "shipment",
  "ticket",
  "report",
  "account",
  "project",
  "task",
  "metric",
  "alert",
  "subscription",
  "payment",
  "product",
  "warehouse",
  "campaign",
  "contract",
  "incident",
  "deployment",
  "budget",
];
const OPTIONAL_KINDS: Exclude<ParamKind, "id">[] = ["query", "limit", "status", "tags", "since", "includeArchived", "minAmount"];

function planTool(index: number, width: number, style: DiscoveryStyle, rng: () => number): ToolSpec {
  const verb = pick(VERBS, rng);
  const noun = pick(NOUNS, rng);
  const id = String(index).padStart(width, "0");
  const extras = shuffle(OPTIONAL_KINDS, rng).slice(0, Math.floor(rng() * 4));
  extras.sort((a, b) => OPTIONAL_KINDS.indexOf(a) - OPTIONAL_KINDS.indexOf(b));
  const params: ParamSpec[] = [
    { name: `${noun}Id`, kind: "id", optional: false, description: `Identifier of the ${noun} owner` },
    ...extras.map((kind) => PARAM_TEMPLATES[kind](noun)),
  ];
  const plural = `${noun}s`;
  return {
    index,
    id,
    name: `tool_${id}_${verb}_${plural}`,
    style,
    verb,
    noun,
    title: `${capitalise(verb)} ${plural}`,
    description: `${capitalise(verb)} the ${plural} of an owner${extras.length > 0 ? `, filtered by ${extras.join(", ")}` : ""}.`,
    params,
    resultType: `${pascal(verb)}${pascal(plural)}Result${id}`,
    variant: pick(["plain", "stats", "warnings"] as const, rng),
    errorMode: pick(["isError", "throw", "try"] as const, rng),
    annotate: rng() < 0.5,
  };
}

const PARAM_TEMPLATES: Record<Exclude<ParamKind, "id">, (noun: string) => ParamSpec> = {
  query: (noun) => ({ name: "query", kind: "query", optional: true, description: `Free-text filter on the ${noun} label` }),
  limit: () => ({ name: "limit", kind: "limit", optional: true, description: "Maximum number of records to scan" }),
  status: () => ({ name: "status", kind: "status", optional: true, description: "Only records in this status" }),
  tags: () => ({ name: "tags", kind: "tags", optional: true, description: "Only records carrying all of these tags" }),
  since: () => ({ name: "since", kind: "since", optional: true, description: "Only records updated after this ISO date-time" }),
  includeArchived: () => ({ name: "includeArchived", kind: "includeArchived", optional: true, description: "Include archived records" }),
  minAmount: () => ({ name: "minAmount", kind: "minAmount", optional: false, description: "Smallest amount to keep" }),
};

function zodOf(param: ParamSpec): string {
  const base: Record<ParamKind, string> = {
    id: "z.string().min(1)",
    query: "z.string()",
    limit: "z.number().int().positive().max(100)",
    status: 'z.enum(["open", "closed", "pending"])',
    tags: "z.array(z.string())",
    since: "z.string().datetime()",
    includeArchived: "z.boolean()",
    minAmount: "z.number().nonnegative()",
  };
  return `${base[param.kind]}${param.optional ? ".optional()" : ""}.describe(${JSON.stringify(param.description)})`;
}

function tsTypeOf(param: ParamSpec): string {
  const base: Record<ParamKind, string> = {
    id: "string",
    query: "string",
    limit: "number",
    status: '"open" | "closed" | "pending"',
    tags: "string[]",
    since: "string",
    includeArchived: "boolean",
    minAmount: "number",
  };
  return param.optional ? `${base[param.kind]} | undefined` : base[param.kind];
}

function jsonSchemaOf(param: ParamSpec): string {
  const base: Record<ParamKind, object> = {
    id: { type: "string", minLength: 1 },
    query: { type: "string" },
    limit: { type: "integer", minimum: 1, maximum: 100 },
    status: { type: "string", enum: ["open", "closed", "pending"] },
    tags: { type: "array", items: { type: "string" } },
    since: { type: "string", format: "date-time" },
    includeArchived: { type: "boolean" },
    minAmount: { type: "number", minimum: 0 },
  };
  return jsonInline({ ...base[param.kind], description: param.description });
}

/** Reads one argument out of an untyped `args: Record<string, unknown>` (the low-level server). */
function extractArg(param: ParamSpec): string {
  const at = `args[${JSON.stringify(param.name)}]`;
  switch (param.kind) {
    case "id":
      return `const ${param.name} = String(${at} ?? "");`;
    case "query":
    case "since":
      return `const ${param.name} = typeof ${at} === "string" ? ${at} : undefined;`;
    case "status":
      return `const ${param.name} = parseStatus(${at});`;
    case "limit":
      return `const ${param.name} = typeof ${at} === "number" ? ${at} : undefined;`;
    case "minAmount":
      return `const ${param.name} = typeof ${at} === "number" ? ${at} : 0;`;
    case "tags":
      return `const ${param.name} = Array.isArray(${at}) ? ${at}.map(String) : undefined;`;
    case "includeArchived":
      return `const ${param.name} = ${at} === true;`;
  }
}

// ---------------------------------------------------------------------------------------------
// Handler bodies, shared by every style. Parameters are in scope as locals named after them.

type Outcome = "call-tool-result" | "fastmcp" | "mcp-framework";

interface BodyOptions {
  outcome: Outcome;
  /** Expression for the owner id when the tool takes no arguments (zero-argument sdk-tool overloads). */
  ownerExpr?: string;
}

function resultInterface(spec: ToolSpec): string {
  const idField = spec.params.length > 0 ? spec.params[0]!.name : "ownerId";
  const lines = [
    `interface ${spec.resultType} {`,
    `  ${idField}: string;`,
    "  count: number;",
    "  total: number;",
    "  items: Array<{ id: string; label: string; amount: number }>;",
    "  generatedAt: string;",
  ];
  if (spec.variant === "stats") lines.push("  stats: { min: number; max: number; average: number };");
  if (spec.variant === "warnings") lines.push('  status: "complete" | "partial";', "  warnings: string[];");
  lines.push("}");
  return lines.join("\n");
}

function handlerBody(spec: ToolSpec, options: BodyOptions): string[] {
  const has = (kind: ParamKind): ParamSpec | undefined => spec.params.find((p) => p.kind === kind);
  const idParam = spec.params[0];
  const owner = idParam ? idParam.name : "ownerId";
  const ownerDecl = idParam ? [] : [`const ownerId = ${options.ownerExpr ?? '"default"'};`];
  const noun = JSON.stringify(spec.noun);

  const filter = [owner === "ownerId" ? "ownerId" : `ownerId: ${owner}`, has("limit") ? "limit: limit ?? 25" : "limit: 25"];
  for (const kind of ["status", "tags", "since", "query"] as const) if (has(kind)) filter.push(kind);

  const errorMessage = "`No " + spec.noun + " records match ${" + owner + "}.`";
  const errorReturn = (message: string): string[] => {
    switch (options.outcome) {
      case "call-tool-result":
        return [`return { content: [{ type: "text", text: ${message} }], isError: true };`];
      case "fastmcp":
        return [`throw new UserError(${message});`];
      case "mcp-framework":
        return [`throw new Error(${message});`];
    }
  };
  const notFound =
    options.outcome === "call-tool-result" && spec.errorMode === "throw" ? [`throw new NotFoundError(${noun}, ${owner});`] : errorReturn(errorMessage);

  const success: Record<Outcome, string> = {
    "call-tool-result": 'return { content: [{ type: "text", text: JSON.stringify(result) }] };',
    fastmcp: "return JSON.stringify(result);",
    "mcp-framework": "return result;",
  };

  const core = [
    `const rows = await queryRecords(${noun}, { ${filter.join(", ")} });`,
    "const visible = rows.filter((row) => {",
    has("includeArchived") ? "  if (row.archived && includeArchived !== true) {" : "  if (row.archived) {",
    "    return false;",
    "  }",
    `  return row.amount >= ${has("minAmount") ? "minAmount" : "0"};`,
    "});",
    "if (visible.length === 0) {",
    ...indent(notFound, 1),
    "}",
    "const total = visible.reduce((sum, row) => sum + row.amount, 0);",
  ];
  if (spec.variant === "stats") core.push("const amounts = visible.map((row) => row.amount);");
  core.push(
    `const result: ${spec.resultType} = {`,
    `  ${idParam ? owner : "ownerId"},`,
    "  count: visible.length,",
    "  total: Math.round(total * 100) / 100,",
    "  items: visible.slice(0, 10).map((row) => ({ id: row.id, label: row.label, amount: row.amount })),",
    "  generatedAt: new Date().toISOString(),",
  );
  if (spec.variant === "stats") {
    core.push("  stats: { min: Math.min(...amounts), max: Math.max(...amounts), average: total / visible.length },");
  }
  if (spec.variant === "warnings") {
    core.push(
      '  status: visible.length < rows.length ? "partial" : "complete",',
      "  warnings: visible.length < rows.length ? [`${rows.length - visible.length} records were filtered out`] : [],",
    );
  }
  core.push("};", success[options.outcome]);

  if (spec.errorMode === "try" && options.outcome === "call-tool-result") {
    return [
      ...ownerDecl,
      "try {",
      ...indent(core, 1),
      "} catch (error) {",
      "  const message = error instanceof Error ? error.message : String(error);",
      ...indent(errorReturn("`" + spec.name + " failed: ${message}`"), 1),
      "}",
    ];
  }
  return [...ownerDecl, ...core];
}

/** Which runtime helpers a set of bodies uses, for the import lines. */
function storeImports(specs: ToolSpec[], outcome: Outcome): string {
  const names = ["queryRecords"];
  if (outcome === "call-tool-result" && specs.some((s) => s.errorMode === "throw")) names.unshift("NotFoundError");
  return `import { ${names.join(", ")} } from "../shared/store.js";`;
}

function destructure(spec: ToolSpec): string {
  return `{ ${spec.params.map((p) => p.name).join(", ")} }`;
}

function rawShape(spec: ToolSpec, depth: number): string[] {
  return ["{", ...spec.params.map((p) => `${"  ".repeat(depth + 1)}${p.name}: ${zodOf(p)},`), `${"  ".repeat(depth)}}`];
}

function annotationsOf(spec: ToolSpec): string {
  return `{ title: ${JSON.stringify(spec.title)}, readOnlyHint: ${spec.verb !== "archive" && spec.verb !== "sync"}, openWorldHint: false }`;
}

// ---------------------------------------------------------------------------------------------
// One emitter per style. Each writes whole files and reports its tools.

interface Wiring {
  path: string;
  exportName: string;
  /** What src/index.ts does with the export: registers on McpServer or FastMCP, creates a low-level server, or serves a tool list. */
  target: "mcp" | "fastmcp" | "low-level" | "tool-list";
}

type AddFile = (path: string, contents: string, tools: ToolSpec[], wire?: Omit<Wiring, "path">) => void;
type Emitter = (group: ToolSpec[], fileIndex: number, add: AddFile) => void;

const EMITTERS: Record<DiscoveryStyle, Emitter> = {
  "sdk-register-tool": (group, fileIndex, add) => {
    const stem = fileStem(group, fileIndex);
    const exportName = `register${pascal(stem)}`;
    const out = [
      'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { z } from "zod";',
      storeImports(group, "call-tool-result"),
      "",
      ...group.flatMap((spec) => [resultInterface(spec), ""]),
      `export function ${exportName}(server: McpServer): void {`,
    ];
    for (const spec of group) {
      out.push(
        "  server.registerTool(",
        `    ${JSON.stringify(spec.name)},`,
        "    {",
        ...(spec.annotate ? [`      title: ${JSON.stringify(spec.title)},`] : []),
        `      description: ${JSON.stringify(spec.description)},`,
        `      inputSchema: ${rawShape(spec, 3).join("\n")},`,
        ...(spec.annotate ? [`      annotations: ${annotationsOf(spec)},`] : []),
        "    },",
        `    async (${destructure(spec)}) => {`,
        ...indent(handlerBody(spec, { outcome: "call-tool-result" }), 3),
        "    },",
        "  );",
      );
    }
    out.push("}", "");
    add(`src/register-tool/${stem}.ts`, out.join("\n"), group, { exportName, target: "mcp" });
  },

  "sdk-tool": (group, fileIndex, add) => {
    const stem = fileStem(group, fileIndex);
    const exportName = `register${pascal(stem)}Legacy`;
    const out = [
      'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { z } from "zod";',
      storeImports(group, "call-tool-result"),
      "",
    ];
    const calls: string[] = [];
    for (const spec of group) {
      // Rotate through the six overloads of SDK 1.x `McpServer.tool`, by position within the style.
      const overload = Math.floor((spec.index - 1) / DISCOVERY_STYLES.length) % 6;
      const zeroArgs = overload <= 1;
      const effective: ToolSpec = zeroArgs ? { ...spec, params: [], description: `${capitalise(spec.verb)} the ${spec.noun}s of the calling session.` } : spec;
      out.push(resultInterface(effective), "");
      const args = [JSON.stringify(spec.name)];
      if (overload === 1 || overload === 3 || overload === 5) args.push(JSON.stringify(effective.description));
      if (!zeroArgs) args.push(rawShape(spec, 2).join("\n"));
      if (overload >= 4) args.push(annotationsOf(spec));
      const callback = zeroArgs
        ? ["async (extra) => {", ...indent(handlerBody(effective, { outcome: "call-tool-result", ownerExpr: 'extra.sessionId ?? "anonymous"' }), 3), "    }"]
        : [`async (${destructure(spec)}) => {`, ...indent(handlerBody(spec, { outcome: "call-tool-result" }), 3), "    }"];
      calls.push("  server.tool(", ...args.map((a) => `    ${a},`), `    ${callback.join("\n")},`, "  );");
    }
    out.push(`export function ${exportName}(server: McpServer): void {`, ...calls, "}", "");
    add(`src/legacy-tool/${stem}.ts`, out.join("\n"), group, { exportName, target: "mcp" });
  },

  "sdk-low-level": (group, fileIndex, add) => {
    const stem = fileStem(group, fileIndex);
    const exportName = `create${pascal(stem)}Server`;
    // Every third file dispatches with an if-chain, the rest with a switch; every other tool is
    // delegated to a named function rather than handled inline.
    const ifChain = fileIndex % 3 === 2;
    const out = [
      'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
      'import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";',
      storeImports(group, "call-tool-result").replace("queryRecords", "parseStatus, queryRecords"),
      "",
      ...group.flatMap((spec) => [resultInterface(spec), ""]),
    ];
    const delegated = (spec: ToolSpec): boolean => spec.index % 2 === 0;
    const handlerName = (spec: ToolSpec): string => `handle${pascal(spec.verb)}${pascal(spec.noun)}s${spec.id}`;
    for (const spec of group.filter(delegated)) {
      out.push(
        `async function ${handlerName(spec)}(args: Record<string, unknown>): Promise<CallToolResult> {`,
        ...indent(spec.params.map(extractArg), 1),
        ...indent(handlerBody(spec, { outcome: "call-tool-result" }), 1),
        "}",
        "",
      );
    }
    const caseBody = (spec: ToolSpec): string[] =>
      delegated(spec) ? [`return ${handlerName(spec)}(args);`] : [...spec.params.map(extractArg), ...handlerBody(spec, { outcome: "call-tool-result" })];

    out.push(
      `export function ${exportName}(): Server {`,
      `  const server = new Server({ name: ${JSON.stringify(`synthetic-${stem}`)}, version: "1.0.0" }, { capabilities: { tools: {} } });`,
      "",
      "  server.setRequestHandler(ListToolsRequestSchema, async () => ({",
      "    tools: [",
    );
    for (const spec of group) {
      const required = spec.params.filter((p) => !p.optional).map((p) => p.name);
      out.push(
        "      {",
        `        name: ${JSON.stringify(spec.name)},`,
        `        description: ${JSON.stringify(spec.description)},`,
        "        inputSchema: {",
        '          type: "object",',
        "          properties: {",
        ...spec.params.map((p) => `            ${p.name}: ${jsonSchemaOf(p)},`),
        "          },",
        `          required: ${JSON.stringify(required).replaceAll(",", ", ")},`,
        "        },",
        "      },",
      );
    }
    out.push(
      "    ],",
      "  }));",
      "",
      "  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {",
      "    const args = request.params.arguments ?? {};",
    );
    if (ifChain) {
      for (const spec of group) {
        out.push(`    if (request.params.name === ${JSON.stringify(spec.name)}) {`, ...indent(caseBody(spec), 3), "    }");
      }
      out.push("    throw new Error(`Unknown tool: ${request.params.name}`);");
    } else {
      out.push("    switch (request.params.name) {");
      for (const spec of group) {
        out.push(`      case ${JSON.stringify(spec.name)}: {`, ...indent(caseBody(spec), 4), "      }");
      }
      out.push("      default:", "        throw new Error(`Unknown tool: ${request.params.name}`);", "    }");
    }
    out.push("  });", "", "  return server;", "}", "");
    add(`src/low-level/${stem}.ts`, out.join("\n"), group, { exportName, target: "low-level" });
  },

  fastmcp: (group, fileIndex, add) => {
    const stem = fileStem(group, fileIndex);
    const exportName = `register${pascal(stem)}FastMcp`;
    const out = [
      'import { UserError, type FastMCP } from "fastmcp";',
      'import { z } from "zod";',
      storeImports(group, "fastmcp"),
      "",
      ...group.flatMap((spec) => [resultInterface(spec), ""]),
      `export function ${exportName}(server: FastMCP): void {`,
    ];
    for (const spec of group) {
      const logged = spec.annotate;
      out.push(
        "  server.addTool({",
        `    name: ${JSON.stringify(spec.name)},`,
        `    description: ${JSON.stringify(spec.description)},`,
        `    parameters: z.object(${rawShape(spec, 2).join("\n")}),`,
        ...(spec.annotate ? [`    annotations: ${annotationsOf(spec)},`] : []),
        logged ? "    execute: async (args, { log }) => {" : "    execute: async (args) => {",
        `      const ${destructure(spec)} = args;`,
        ...(logged ? [`      log.info(${JSON.stringify(`running ${spec.name}`)});`] : []),
        ...indent(handlerBody(spec, { outcome: "fastmcp" }), 3),
        "    },",
        "  });",
      );
    }
    out.push("}", "");
    add(`src/fastmcp/${stem}.ts`, out.join("\n"), group, { exportName, target: "fastmcp" });
  },

  "mcp-framework": (group, _fileIndex, add) => {
    for (const spec of group) {
      const className = `${pascal(spec.verb)}${pascal(spec.noun)}sTool${spec.id}`;
      // Both schema forms of mcp-framework 0.2.x: a zod object with MCPInput<this> (odd tools),
      // and the legacy `{ field: { type, description } }` map with an explicit input type.
      const zodForm = spec.index % 2 === 1;
      const inputType = `${className}Input`;
      const out = [
        zodForm ? 'import { MCPTool, type MCPInput } from "mcp-framework";' : 'import { MCPTool } from "mcp-framework";',
        'import { z } from "zod";',
        storeImports([spec], "mcp-framework"),
        "",
      ];
      if (zodForm) {
        out.push(`const ${lowerFirst(className)}Schema = z.object(${rawShape(spec, 0).join("\n")});`, "");
      } else {
        out.push(`interface ${inputType} {`, ...spec.params.map((p) => `  ${p.name}${p.optional ? "?" : ""}: ${tsTypeOf(p)};`), "}", "");
      }
      out.push(resultInterface(spec), "", `export default class ${className} extends MCPTool${zodForm ? "" : `<${inputType}>`} {`);
      out.push(`  name = ${JSON.stringify(spec.name)};`, `  description = ${JSON.stringify(spec.description)};`);
      if (zodForm) {
        out.push(`  schema = ${lowerFirst(className)}Schema;`, "", "  async execute(input: MCPInput<this>) {");
      } else {
        out.push("  schema = {");
        for (const p of spec.params) {
          const zod = zodOf(p).replace(/\.describe\(.*\)$/, "");
          out.push(`    ${p.name}: { type: ${zod}, description: ${JSON.stringify(p.description)} },`);
        }
        out.push("  };", "", `  async execute(input: ${inputType}) {`);
      }
      out.push(`    const ${destructure(spec)} = input;`, ...indent(handlerBody(spec, { outcome: "mcp-framework" }), 2), "  }", "}", "");
      add(`src/framework-tools/${className}.ts`, out.join("\n"), [spec]);
    }
  },

  xmcp: (group, _fileIndex, add) => {
    for (const spec of group) {
      const out = [
        'import { z } from "zod";',
        storeImports([spec], "call-tool-result"),
        'import type { InferSchema, ToolMetadata } from "../shared/xmcp.js";',
        "",
        `export const schema = ${rawShape(spec, 0).join("\n")};`,
        "",
        "export const metadata: ToolMetadata = {",
        `  name: ${JSON.stringify(spec.name)},`,
        `  description: ${JSON.stringify(spec.description)},`,
        ...(spec.annotate ? [`  annotations: ${annotationsOf(spec)},`] : []),
        "};",
        "",
        resultInterface(spec),
        "",
        `export default async function ${lowerFirst(pascal(spec.verb))}${pascal(spec.noun)}s(${destructure(spec)}: InferSchema<typeof schema>) {`,
        ...indent(handlerBody(spec, { outcome: "call-tool-result" }), 1),
        "}",
        "",
      ];
      add(`src/tools/${spec.name}.ts`, out.join("\n"), [spec]);
    }
  },

  "tool-object": (group, fileIndex, add) => {
    const stem = fileStem(group, fileIndex);
    const listName = `${lowerFirst(pascal(stem))}Tools`;
    const exportName = `register${pascal(stem)}Tools`;
    // Even files wrap each literal in defineTool({...}) (inferred args); odd files give bare
    // literals with annotated handler parameters.
    const wrapped = fileIndex % 2 === 0;
    const out = [
      'import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { z } from "zod";',
      storeImports(group, "call-tool-result"),
      wrapped
        ? 'import { defineTool, type ToolDefinition } from "../shared/tool-definition.js";'
        : 'import type { ToolDefinition } from "../shared/tool-definition.js";',
      "",
      ...group.flatMap((spec) => [resultInterface(spec), ""]),
      `export const ${listName}: ToolDefinition[] = [`,
    ];
    for (const spec of group) {
      const params = wrapped
        ? destructure(spec)
        : `${destructure(spec)}: { ${spec.params.map((p) => `${p.name}${p.optional ? "?" : ""}: ${tsTypeOf(p)}`).join("; ")} }`;
      const literal = [
        "{",
        `  name: ${JSON.stringify(spec.name)},`,
        `  description: ${JSON.stringify(spec.description)},`,
        `  inputSchema: ${rawShape(spec, 1).join("\n")},`,
        `  handler: async (${params}) => {`,
        ...indent(handlerBody(spec, { outcome: "call-tool-result" }), 2),
        "  },",
        "}",
      ];
      if (wrapped) {
        literal[0] = "defineTool({";
        literal[literal.length - 1] = "}),";
      } else {
        literal[literal.length - 1] = "},";
      }
      out.push(...indent(literal, 1));
    }
    out.push(
      "];",
      "",
      `export function ${exportName}(server: McpServer): void {`,
      `  for (const tool of ${listName}) {`,
      "    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema }, (args) => tool.handler(args));",
      "  }",
      "}",
      "",
    );
    add(`src/tool-objects/${stem}.ts`, out.join("\n"), group, { exportName, target: "mcp" });
  },
};

// ---------------------------------------------------------------------------------------------
// The `json-zod` shape (issue #17): tool objects with inline JSON Schema, and registerTool with zod.

/** Odd tools are tool objects, even ones registerTool calls: half and half. */
const JSON_ZOD_STYLES: readonly DiscoveryStyle[] = ["tool-object", "sdk-register-tool"];
/** 50 files in all, whatever N: the number of files stays put while tools per file grow. */
const JSON_ZOD_FILES_PER_HALF = 25;

/**
 * An array of tool objects, each with its JSON Schema written inline and a handler that reads its
 * untyped arguments, served by the low-level Server in src/index.ts through a name-to-tool map.
 */
function emitJsonSchemaObjects(group: ToolSpec[], fileIndex: number, add: AddFile): void {
  const stem = fileStem(group, fileIndex);
  const listName = `${lowerFirst(pascal(stem))}Tools`;
  const out = [
    storeImports(group, "call-tool-result").replace("queryRecords", "parseStatus, queryRecords"),
    'import type { JsonTool } from "../shared/json-tool.js";',
    "",
    ...group.flatMap((spec) => [resultInterface(spec), ""]),
    `export const ${listName}: JsonTool[] = [`,
  ];
  for (const spec of group) {
    const required = spec.params.filter((p) => !p.optional).map((p) => JSON.stringify(p.name));
    out.push(
      "  {",
      `    name: ${JSON.stringify(spec.name)},`,
      `    description: ${JSON.stringify(spec.description)},`,
      "    inputSchema: {",
      '      type: "object",',
      "      properties: {",
      ...spec.params.map((p) => `        ${p.name}: ${jsonSchemaOf(p)},`),
      "      },",
      `      required: [${required.join(", ")}],`,
      "    },",
      "    handler: async (args) => {",
      ...indent([...spec.params.map(extractArg), ...handlerBody(spec, { outcome: "call-tool-result" })], 3),
      "    },",
      "  },",
    );
  }
  out.push("];", "");
  add(`src/object-tools/${stem}.ts`, out.join("\n"), group, { exportName: listName, target: "tool-list" });
}

function emitJsonZodIndex(wiring: Wiring[]): string {
  const sorted = [...wiring].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const lists = sorted.filter((w) => w.target === "tool-list");
  const out = [
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
    'import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
    'import type { JsonTool } from "./shared/json-tool.js";',
    ...sorted.map((w) => `import { ${w.exportName} } from "./${w.path.replace(/^src\//, "").replace(/\.ts$/, ".js")}";`),
    "",
    "const objectTools: JsonTool[] = [",
    ...lists.map((w) => `  ...${w.exportName},`),
    "];",
    "const byName = new Map(objectTools.map((tool) => [tool.name, tool] as const));",
    "",
    "export function createServers(): { mcp: McpServer; lowLevel: Server } {",
    '  const mcp = new McpServer({ name: "synthetic-mcp-server", version: "1.0.0" });',
    ...sorted.filter((w) => w.target === "mcp").map((w) => `  ${w.exportName}(mcp);`),
    "",
    '  const lowLevel = new Server({ name: "synthetic-object-tools", version: "1.0.0" }, { capabilities: { tools: {} } });',
    "  lowLevel.setRequestHandler(ListToolsRequestSchema, async () => ({",
    "    tools: objectTools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),",
    "  }));",
    "  lowLevel.setRequestHandler(CallToolRequestSchema, async (request) => {",
    "    const tool = byName.get(request.params.name);",
    "    if (tool === undefined) {",
    "      throw new Error(`Unknown tool: ${request.params.name}`);",
    "    }",
    "    return tool.handler(request.params.arguments ?? {});",
    "  });",
    "  return { mcp, lowLevel };",
    "}",
    "",
  ];
  return out.join("\n");
}

function emitIndex(wiring: Wiring[]): string {
  const sorted = [...wiring].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const out = [
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'import type { Server } from "@modelcontextprotocol/sdk/server/index.js";',
    'import { FastMCP } from "fastmcp";',
    ...sorted.map((w) => `import { ${w.exportName} } from "./${w.path.replace(/^src\//, "").replace(/\.ts$/, ".js")}";`),
    "",
    "// mcp-framework classes (src/framework-tools) and xmcp tools (src/tools) are discovered by",
    "// their frameworks from the file system, so nothing imports them here.",
    "export function createServers(): { mcp: McpServer; fastmcp: FastMCP; lowLevel: Server[] } {",
    '  const mcp = new McpServer({ name: "synthetic-mcp-server", version: "1.0.0" });',
    '  const fastmcp = new FastMCP({ name: "synthetic-fastmcp-server", version: "1.0.0" });',
    "  const lowLevel: Server[] = [];",
  ];
  for (const w of sorted) {
    if (w.target === "mcp") out.push(`  ${w.exportName}(mcp);`);
    else if (w.target === "fastmcp") out.push(`  ${w.exportName}(fastmcp);`);
    else out.push(`  lowLevel.push(${w.exportName}());`);
  }
  out.push("  return { mcp, fastmcp, lowLevel };", "}", "");
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Fixed files.

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  },
  include: ["src"],
};

const STORE_SOURCE = `// In-memory stand-in for the data layer every synthetic tool queries.

export type RecordStatus = "open" | "closed" | "pending";

export interface RecordRow {
  id: string;
  ownerId: string;
  label: string;
  amount: number;
  status: RecordStatus;
  tags: string[];
  archived: boolean;
  updatedAt: string;
}

export interface QueryFilter {
  ownerId: string;
  limit?: number | undefined;
  status?: RecordStatus | undefined;
  tags?: string[] | undefined;
  since?: string | undefined;
  query?: string | undefined;
}

export class NotFoundError extends Error {
  readonly kind: string;
  readonly id: string;

  constructor(kind: string, id: string) {
    super(\`\${kind} \${id} not found\`);
    this.name = "NotFoundError";
    this.kind = kind;
    this.id = id;
  }
}

const STATUSES: readonly RecordStatus[] = ["open", "closed", "pending"];
const TAGS: readonly string[] = ["priority", "external", "reviewed", "legacy", "eu", "us"];

export function parseStatus(value: unknown): RecordStatus | undefined {
  return STATUSES.find((status) => status === value);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export async function queryRecords(kind: string, filter: QueryFilter): Promise<RecordRow[]> {
  const base = hash(\`\${kind}:\${filter.ownerId}\`);
  const size = Math.min(filter.limit ?? 25, 100);
  const rows: RecordRow[] = [];
  for (let i = 0; i < size; i++) {
    const n = (base + i * 7919) % 10007;
    rows.push({
      id: \`\${kind}-\${n}\`,
      ownerId: filter.ownerId,
      label: \`\${kind} #\${n}\`,
      amount: (n % 5000) / 10,
      status: STATUSES[n % STATUSES.length] ?? "open",
      tags: TAGS.filter((_, t) => (n >> t) & 1),
      archived: n % 11 === 0,
      updatedAt: new Date(Date.UTC(2024, 0, 1 + (n % 365))).toISOString(),
    });
  }
  return rows.filter(
    (row) =>
      (filter.status === undefined || row.status === filter.status) &&
      (filter.tags === undefined || filter.tags.every((tag) => row.tags.includes(tag))) &&
      (filter.since === undefined || row.updatedAt >= filter.since) &&
      (filter.query === undefined || row.label.includes(filter.query)),
  );
}
`;

const TOOL_DEFINITION_SOURCE = `// The server's own tool-object convention: literals gathered in arrays and registered in a loop.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z, ZodRawShape } from "zod";

export interface ToolDefinition<S extends ZodRawShape = ZodRawShape> {
  name: string;
  description: string;
  inputSchema: S;
  // Method syntax on purpose: handlers with narrower argument types still fit in a ToolDefinition[].
  handler(args: z.infer<z.ZodObject<S>>): Promise<CallToolResult>;
}

export function defineTool<S extends ZodRawShape>(definition: ToolDefinition<S>): ToolDefinition<S> {
  return definition;
}
`;

const JSON_TOOL_SOURCE = `// The server's own tool-object convention: JSON Schema written by hand, arguments read by the handler.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export interface JsonSchemaProperty {
  type: "string" | "number" | "integer" | "boolean" | "array";
  description?: string;
  enum?: string[];
  items?: { type: "string" };
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
}

export interface JsonTool {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, JsonSchemaProperty>; required?: string[] };
  handler(args: Record<string, unknown>): Promise<CallToolResult>;
}
`;

const XMCP_SHIM_SOURCE = `// Local stand-ins for the types xmcp exports (xmcp itself is not a dependency of this project).
import type { z, ZodRawShape } from "zod";

export type InferSchema<S extends ZodRawShape> = z.infer<z.ZodObject<S>>;

export interface ToolMetadata {
  name: string;
  description: string;
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}
`;

// ---------------------------------------------------------------------------------------------
// Helpers.

function prepareDirectory(dir: string): void {
  if (existsSync(dir)) {
    const entries = readdirSync(dir);
    if (entries.length > 0) {
      if (!entries.includes(MARKER_FILE)) {
        throw new Error(`synthetic-server: refusing to write into ${dir}: it is not empty and was not made by this generator`);
      }
      for (const entry of entries) rmSync(join(dir, entry), { recursive: true, force: true });
    }
  }
  mkdirSync(dir, { recursive: true });
}

function fileStem(group: ToolSpec[], fileIndex: number): string {
  return `${group[0]!.noun}s-${String(fileIndex + 1).padStart(3, "0")}`;
}

/** At most `count` groups, as even as can be, in order (fewer when there are fewer items). */
function spread<T>(items: T[], count: number): T[][] {
  const groups = Math.min(count, items.length);
  const out: T[][] = [];
  for (let g = 0; g < groups; g++) out.push(items.slice(Math.floor((g * items.length) / groups), Math.floor(((g + 1) * items.length) / groups)));
  return out;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function indent(lines: string[], depth: number): string[] {
  const pad = "  ".repeat(depth);
  return lines.map((line) =>
    line
      .split("\n")
      .map((part) => (part.length > 0 ? pad + part : part))
      .join("\n"),
  );
}

function jsonInline(value: object): string {
  const literal = (item: unknown): string =>
    Array.isArray(item) ? `[${item.map(literal).join(", ")}]` : item !== null && typeof item === "object" ? jsonInline(item) : JSON.stringify(item);
  return `{ ${Object.entries(value)
    .map(([key, item]) => `${key}: ${literal(item)}`)
    .join(", ")} }`;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalise)
    .join("");
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function pick<T>(items: readonly T[], rng: () => number): T {
  return items[Math.floor(rng() * items.length)]!;
}

function shuffle<T>(items: readonly T[], rng: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Small, well-known 32-bit PRNG: deterministic across platforms and Node versions. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
