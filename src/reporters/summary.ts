import type { CheckResult, CoverageCount } from "../check/result.js";

/** The coverage lines every human-facing reporter prints, in this order. */
export function coverageRows(result: CheckResult): [string, CoverageCount][] {
  return [
    ["tools that conform", result.coverage.conforming],
    ["tools with complete guidance", result.coverage.guidance],
    ["error paths with recovery guidance", result.coverage.errorPathsWithGuidance],
    ["structured warnings", result.coverage.structuredWarnings],
  ];
}

export function countText(count: CoverageCount): string {
  return `${count.count}/${count.total} (${count.percent}%)`;
}

export function verdict(result: CheckResult): string {
  const problems = result.tools.reduce((sum, tool) => sum + tool.problems.length, 0);
  const bar = result.minCoverage !== null && result.coverage.conforming.percent < result.minCoverage ? `; conformance ${result.coverage.conforming.percent}% is below the minimum of ${result.minCoverage}%` : "";
  return result.ok ? "check passed" : `check failed: ${problems} problem${problems === 1 ? "" : "s"}${bar}`;
}
