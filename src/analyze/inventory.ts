/**
 * The Inventory: the analyser's whole output, a plain serialisable object. Everything downstream of
 * `analyze` (generate, check's reporting, graph) reads this and never a ts-morph node.
 * Bump `schemaVersion` on any incompatible change; the README documents the format.
 */

export const INVENTORY_SCHEMA_VERSION = 1 as const;

export type DiscoveryStyle = "sdk-register-tool" | "sdk-tool" | "sdk-low-level" | "fastmcp" | "mcp-framework" | "xmcp" | "tool-object";

export type ReturnKind = "success" | "error";

export type DiagnosticSeverity = "error" | "warning" | "info";

export interface InputParam {
  name: string;
  /** The param's type as TypeScript text (`string`, `number`, `"asc" | "desc"`, `string[]`). */
  type: string;
  optional: boolean;
  description?: string;
}

export interface ReturnPath {
  /** The file holding the `return` or `throw` (a handler may live apart from its registration). */
  file: string;
  /** 1-based line of the `return` or `throw`. */
  line: number;
  kind: ReturnKind;
  /** How the return was recognised, e.g. `return`, `throw`, `isError`, `UserError`, `error-envelope`, `arrow-expression`. */
  via: string;
}

/** A JSON Schema (draft 2020-12) document or sub-schema. */
export type JsonSchemaObject = { [key: string]: unknown };

/**
 * A type that generated code can write down from any module of the project. Types declared in the
 * project appear as `import("~/src/tools/weather.js").Forecast`: `~/` is the tsconfig's folder, and
 * the extension is the one NodeNext resolves (`.ts` → `.js`, `.mts` → `.mjs`, `.cts` → `.cjs`).
 * Generation rewrites `~/` into a path relative to the generated file. Package types appear as
 * `import("zod").ZodType`; globals (`Date`, `Promise`) plainly.
 */
export interface TypeReference {
  text: string;
  /**
   * False when part of the type could not be named outside its module (a non-exported type that
   * refers to itself): that part is written as `unknown`, and a diagnostic says where.
   */
  exact: boolean;
}

/** A warning the project emits, as `harvest` found it (DESIGN: warning ID constants). */
export interface HarvestedWarning {
  /** The ID as written (`WARN_NO_DIVIDEND_DATA`), or null for a plain string (generation derives one). */
  id: string | null;
  /** The message; a template literal's holes are written `{}` (so the derived ID does not depend on run-time values). */
  message: string;
  severity: "critical" | "high" | "medium" | "low" | "info" | null;
  category: string | null;
  impact: string | null;
  suggestion: string | null;
  file: string;
  line: number;
}

/** Where one tool's code or text refers to another tool. */
export interface ToolReference {
  /** The other tool's name. */
  tool: string;
  file: string;
  line: number;
  /** `calls`: the handler calls the other tool's handler (transitively); `mentions`: a string names it. */
  kind: "calls" | "mentions";
  /** `call` for calls; for mentions, where the name stood (`next-steps`, `related-tools`, `available-actions`, `text`). */
  via: string;
}

/** The `outputSchema` a tool's registration declares (see `ToolEntry.declaredOutputSchema`). */
export interface DeclaredOutputSchema {
  /** Where the `outputSchema` property is. */
  file: string;
  line: number;
  /**
   * The tool whose generated schema it is (`OUTPUT_ZOD_SCHEMAS.x`, `OUTPUT_STANDARD_SCHEMAS.x`,
   * `OUTPUT_SCHEMAS.x`), or null when it is the project's own.
   */
  generatedFor: string | null;
  /**
   * What the project's own schema accepts, as JSON Schema (2020-12): a JSON Schema literal as
   * written, a zod or Standard Schema from its parsed type. Null when it is generated, or when its
   * type says nothing (`unknown`).
   */
  schema: JsonSchemaObject | null;
}

export interface ToolEntry {
  name: string;
  style: DiscoveryStyle;
  /** Relative to the tsconfig's folder, with `/` separators. */
  file: string;
  /** 1-based: the line of the name literal, or of the registration when the name is not a literal. */
  line: number;
  description: string | null;
  input: InputParam[];
  /** The payload's type as TypeScript text, `unknown` when it cannot be resolved. */
  payloadType: string;
  returns: ReturnPath[];
  /** Where the handler function is declared (it may differ from the registration). */
  handler: { file: string; line: number } | null;
  /** The payload's type as generated code imports it, and its JSON Schema (for output schemas and data edges). */
  payload: { type: TypeReference; schema: JsonSchemaObject };
  /** Warnings the handler (and the project functions it calls) emit. */
  warnings: HarvestedWarning[];
  /** References to other tools, sorted by tool, kind, file, line. */
  references: ToolReference[];
  /**
   * The major of the MCP TypeScript SDK whose call registers the tool (`@modelcontextprotocol/sdk`
   * is 1, `@modelcontextprotocol/server` 2), for the SDK styles; for a tool object, the one SDK
   * the project uses, if it uses one. Absent when it cannot be told.
   */
  sdkMajor?: 1 | 2;
  /** The `outputSchema` the registration (a `registerTool` config, a ListTools entry, a tool object) declares; absent when none. */
  declaredOutputSchema?: DeclaredOutputSchema;
  /**
   * The server instance the tool is registered on (the variable that holds it, and where that
   * server is created or declared). Present only when the project's tools are registered on more
   * than one server: one name may then stand on each, as two tools.
   */
  server?: { name: string; file: string; line: number };
}

export interface Diagnostic {
  /** Relative to the tsconfig's folder; null for project-wide diagnostics. */
  file: string | null;
  line: number | null;
  severity: DiagnosticSeverity;
  /** Stable code, e.g. `MCPA001`. */
  code: string;
  message: string;
}

export interface Inventory {
  schemaVersion: typeof INVENTORY_SCHEMA_VERSION;
  /** The tsconfig path, relative to the working directory it was analysed from, with `/` separators. */
  project: string;
  tools: ToolEntry[];
  diagnostics: Diagnostic[];
  /**
   * Present when the project writes its relative imports without an extension and compiles to
   * CommonJS (or resolves as a bundler does): the generated output and what `migrate` inserts
   * import the same way, so Jest and other CommonJS loaders resolve them. Absent: `./x.js`.
   */
  importSpecifiers?: "extensionless";
}
