import type { CheckResult } from "../check/result.js";
import type { Reporter } from "./reporter.js";
import { countText, coverageRows, verdict } from "./summary.js";

/** Workflow-command escaping: data and properties differ (`:` and `,` end a property). */
const data = (text: string): string => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const property = (text: string): string => data(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** GitHub Actions annotations, one `::error` (or `::warning`) per problem, then the coverage as a notice. */
export const githubReporter: Reporter = (result: CheckResult) => {
  const out: string[] = [];
  for (const tool of result.tools) {
    for (const problem of tool.problems)
      out.push(
        `::${problem.severity} file=${property(problem.file)},line=${problem.line},title=${property(problem.code)}::${data(`${problem.code} ${problem.message}`)}`,
      );
  }
  const coverage = coverageRows(result)
    .map(([label, count]) => `${label} ${countText(count)}`)
    .join("; ");
  out.push(`::${result.ok ? "notice" : "error"} title=mcp-conform check::${data(`${verdict(result)}. ${coverage}`)}`);
  return `${out.join("\n")}\n`;
};
