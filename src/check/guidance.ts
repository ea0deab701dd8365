import { existsSync, readFileSync } from "node:fs";
import { countUnfilled } from "../write/header.js";

/** What a tool's scaffolded guidance stub says about its own state. */
export interface StubState {
  exists: boolean;
  /** Unfilled markers before the `errorGuidance` declaration: the success guidance. */
  successUnfilled: number;
  /** Unfilled markers from the `errorGuidance` declaration on: the error (recovery) guidance. */
  errorUnfilled: number;
}

const ERROR_GUIDANCE = /export\s+(async\s+)?function\s+errorGuidance\b/;

/**
 * Read a stub as the scaffold writes it: success rules first, then `errorGuidance`. A marker
 * counts for the error path when it sits at or after that function's declaration; a stub whose
 * author moved `errorGuidance` above the rules has all its markers counted as success guidance.
 */
export function readStub(path: string): StubState {
  if (!existsSync(path)) return { exists: false, successUnfilled: 0, errorUnfilled: 0 };
  const content = readFileSync(path, "utf8");
  const match = ERROR_GUIDANCE.exec(content);
  const split = match ? match.index : content.length;
  const before = content.slice(0, split);
  const after = content.slice(split);
  return { exists: true, successUnfilled: countUnfilled(before), errorUnfilled: countUnfilled(after) };
}

