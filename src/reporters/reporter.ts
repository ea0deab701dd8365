import type { CheckResult } from "../check/result.js";

/** How a reporter may style its output: colour only on a TTY without `NO_COLOR`. */
export interface ReportOptions {
  color: boolean;
}

/** One output format of `check`; each lives in its own file beside this one. */
export type Reporter = (result: CheckResult, options: ReportOptions) => string;
