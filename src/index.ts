/** The programmatic API: the CLI is a thin wrapper over these. */
export { defineConfig, type McpConformConfig } from "./config/config.js";
export { analyze, analyzeSession, openSession, type AnalyzeOptions, type AnalysisResult } from "./analyze/analyze.js";
export type * from "./analyze/inventory.js";
export type { Protocol, ProtocolId, JsonSchema, ValidationProblem } from "./protocols/protocol.js";
export { InputError } from "./errors.js";
