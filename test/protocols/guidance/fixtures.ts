import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../../src/package-root.js";
import type { ValidateOptions, ValidationProblem } from "../../../src/protocols/protocol.js";

export const fixtureDir = join(packageRoot, "fixtures", "protocols", "guidance");

/** Every tool the document's guidance names (the task orchestrator's). */
export const documentTools = [
  "abort_stalled_review",
  "advance_to_next_phase",
  "approve_phase_review",
  "check_phase_progress",
  "create_real_task",
  "deploy_headless_agent",
  "get_agent_output",
  "get_phase_handover",
  "get_phase_status",
  "get_real_task_status",
  "get_review_status",
  "kill_real_agent",
  "submit_phase_for_review",
  "trigger_agentic_review",
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
  /** The validator options the case needs (`tools`, `strict`); the CLI test passes them as flags. */
  options?: ValidateOptions;
  schemaRejects: boolean;
  problems: ValidationProblem[];
}

export function readExpected(folder: string, file: string): ExpectedProblems {
  return readJson(folder, file.replace(/\.json$/, ".expected.json")) as ExpectedProblems;
}
