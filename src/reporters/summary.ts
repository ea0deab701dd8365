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
  const all = result.tools.flatMap((tool) => tool.problems);
  const errors = all.filter((problem) => problem.severity === "error").length;
  const warnings = all.length - errors;
  const warned = warnings > 0 ? `${errors > 0 ? " and" : " with"} ${warnings} warning${warnings === 1 ? "" : "s"}` : "";
  const bar =
    result.minCoverage !== null && result.coverage.conforming.percent < result.minCoverage
      ? `; conformance ${result.coverage.conforming.percent}% is below the minimum of ${result.minCoverage}%`
      : "";
  return result.ok ? `check passed${warned}` : `check failed: ${errors} problem${errors === 1 ? "" : "s"}${warned}${bar}`;
}
