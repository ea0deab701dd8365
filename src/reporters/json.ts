import type { CheckResult } from "../check/result.js";
import type { Reporter } from "./reporter.js";

/** The CheckResult as documented in the README: `{ ok, minCoverage, coverage, tools }`. */
export const jsonReporter: Reporter = (result: CheckResult) => `${JSON.stringify(result, null, 2)}\n`;
