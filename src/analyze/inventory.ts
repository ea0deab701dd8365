/**
 * The Inventory: the analyser's whole output, a plain serialisable object. Everything downstream of
 * `analyze` (generate, check's reporting, graph) reads this and never a ts-morph node.
 * Bump `schemaVersion` on any incompatible change; the README documents the format.
 */

export const INVENTORY_SCHEMA_VERSION = 1 as const;

export type DiscoveryStyle =
  | "sdk-register-tool"
  | "sdk-tool"
  | "sdk-low-level"
  | "fastmcp"
  | "mcp-framework"
  | "xmcp"
  | "tool-object";

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
}
