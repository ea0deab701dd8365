/**
 * What `check` decides: a plain, serialisable object that every reporter renders. The `json`
 * reporter prints it as documented in the README (`check` section); keep the two in step.
 */

export type GuidanceState = "complete" | "partial" | "stub" | "missing";

export interface CheckProblem {
  /** Stable code, `MCPC101`…; the README says what each means and what to do. */
  code: string;
  /** `error` fails `check`; `warning` is reported only (the config's `rules` turned it to `warn`). */
  severity: "error" | "warning";
  message: string;
  /** Relative to the tsconfig's folder, with `/` separators. */
  file: string;
  line: number;
}

export interface ToolCheck {
  name: string;
  file: string;
  line: number;
  /**
   * Every return path is assignable to the tool's `ConformingResult` (and there is at least one),
   * and none sends placeholder content.
   */
  conforms: boolean;
  guidance: GuidanceState;
  /**
   * The parts still sent as placeholders, sorted: the kit's neutral values (`confidence`,
   * `key_insight`, `recovery`, ...), and `guidance` / `errorGuidance` while the stub is unfilled.
   */
  placeholders: string[];
  problems: CheckProblem[];
}

export interface CoverageCount {
  count: number;
  total: number;
  /** 0-100, one decimal; 100 when `total` is 0 (nothing to cover). */
  percent: number;
}

export interface CheckCoverage {
  conforming: CoverageCount;
  guidance: CoverageCount;
  errorPathsWithGuidance: CoverageCount;
  structuredWarnings: CoverageCount;
}

export interface CheckResult {
  /** No problem of severity `error`, and coverage at or above the bar. */
  ok: boolean;
  /** The `--min-coverage` bar on `coverage.conforming.percent`, or null. */
  minCoverage: number | null;
  coverage: CheckCoverage;
  tools: ToolCheck[];
}

export function coverageCount(count: number, total: number): CoverageCount {
  return { count, total, percent: total === 0 ? 100 : Math.floor((count * 1000) / total) / 10 };
}
