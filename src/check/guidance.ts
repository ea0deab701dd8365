import { existsSync, readFileSync } from "node:fs";
import { unfilledLines } from "../write/header.js";

/** What a tool's scaffolded guidance stub says about its own state. */
export interface StubState {
  exists: boolean;
  /** Unfilled markers before the `errorGuidance` declaration: the success guidance. */
  successUnfilled: number;
  /** Unfilled markers from the `errorGuidance` declaration on: the error (recovery) guidance. */
  errorUnfilled: number;
  /** The line of the first unfilled success marker, and of the first error one: where the problem points. */
  firstSuccessUnfilledLine?: number;
  firstErrorUnfilledLine?: number;
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
  const splitLine = match ? content.slice(0, match.index).split("\n").length : Number.POSITIVE_INFINITY;
  const lines = unfilledLines(content);
  const success = lines.filter((line) => line < splitLine);
  const error = lines.filter((line) => line >= splitLine);
  return {
    exists: true,
    successUnfilled: success.length,
    errorUnfilled: error.length,
    ...(success[0] !== undefined ? { firstSuccessUnfilledLine: success[0] } : {}),
    ...(error[0] !== undefined ? { firstErrorUnfilledLine: error[0] } : {}),
  };
}
