/**
 * `generate --check`: what a write would change, as unified diffs, touching nothing.
 * The caller turns the answer into the exit code (1 when anything is stale, 0 otherwise).
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import type { Plan } from "./plan.js";
import { compareStrings } from "../compare-strings.js";

export type StaleKind =
  /** A generated file on disk differs from what generate would write. */
  | "changed"
  /** A generated file generate would create. */
  | "missing"
  /** A generated file generate would delete (its tool is gone). */
  | "stale"
  /** A scaffolded stub generate would create (it is written whenever absent). */
  | "scaffold-missing";

export interface StaleFile {
  /** Relative to the project root, `/` separators. */
  path: string;
  kind: StaleKind;
  /** Unified diff from the disk (`a/<path>`) to what generate would write (`b/<path>`). */
  diff: string;
}

export function checkPlan(plan: Plan): StaleFile[] {
  const patch = (path: string, before: string, after: string): string =>
    createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
  const stale: StaleFile[] = [
    ...plan.writes.map((file) => ({
      path: file.path,
      kind: file.previous === undefined ? ("missing" as const) : ("changed" as const),
      diff: patch(file.path, file.previous ?? "", file.content),
    })),
    ...plan.deletes.map((file) => ({ path: file.path, kind: "stale" as const, diff: patch(file.path, file.previous ?? "", "") })),
    ...plan.scaffolds.map((file) => ({ path: file.path, kind: "scaffold-missing" as const, diff: patch(file.path, "", file.content) })),
  ];
  return stale.sort((a, b) => compareStrings(a.path, b.path));
}
