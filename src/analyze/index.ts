export { analyze, analyzeSession, openSession, type AnalyzeOptions, type AnalysisResult } from "./analyze.js";
export type * from "./inventory.js";
export { INVENTORY_SCHEMA_VERSION } from "./inventory.js";
export { AnalysisSession } from "./session.js";
