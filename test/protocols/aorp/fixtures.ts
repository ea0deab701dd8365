import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../../src/package-root.js";
import type { ValidateOptions, ValidationProblem } from "../../../src/protocols/protocol.js";

export const fixtureDir = join(packageRoot, "fixtures", "protocols", "aorp");

/** The tools the document's examples name (the perspectives-analysis server). */
export const documentTools = [
  "analyze_from_perspectives",
  "synthesize_perspectives",
  "add_perspective",
  "retry_analysis",
  "check_session_health",
  "continue_analysis",
] as const;

export function readJson(...parts: string[]): unknown {
  return JSON.parse(readFileSync(join(fixtureDir, ...parts), "utf8")) as unknown;
}

export function jsonFiles(folder: string): string[] {
  return readdirSync(join(fixtureDir, folder))
    .filter((name) => name.endsWith(".json") && !name.endsWith(".expected.json"))
    .sort();
}

export interface ExpectedProblems {
  why?: string;
  /** The validator options the case needs (`variant`, `tools`, `strict`); the CLI test passes them as flags. */
  options?: ValidateOptions;
  schemaRejects: boolean;
  problems: ValidationProblem[];
}

export function readExpected(folder: string, file: string): ExpectedProblems {
  return readJson(folder, file.replace(/\.json$/, ".expected.json")) as ExpectedProblems;
}
