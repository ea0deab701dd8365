import type { CheckResult } from "../check/result.js";
import type { Reporter } from "./reporter.js";
import { countText, coverageRows, verdict } from "./summary.js";

/** Markdown table cells: pipes and line breaks would end the cell. */
function cell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

/** For a comment on a pull request: verdict, coverage, then a table of problems. */
export const markdownReporter: Reporter = (result: CheckResult) => {
  const out: string[] = [
    `## mcp-conform check: ${result.ok ? "passed" : "failed"}`,
    "",
    `${result.ok ? "✅" : "❌"} ${verdict(result)}`,
    "",
    "| coverage | count |",
    "|---|---|",
  ];
  for (const [label, count] of coverageRows(result)) out.push(`| ${label} | ${countText(count)} |`);
  out.push("", "| tool | conforms | guidance | problems |", "|---|---|---|---|");
  for (const tool of result.tools) out.push(`| \`${cell(tool.name)}\` | ${tool.conforms ? "yes" : "no"} | ${tool.guidance} | ${tool.problems.length} |`);
  const problems = result.tools.flatMap((tool) => tool.problems.map((problem) => ({ tool: tool.name, ...problem })));
  if (problems.length > 0) {
    out.push("", "### Problems", "", "| code | where | tool | problem |", "|---|---|---|---|");
    for (const problem of problems)
      out.push(
        `| ${problem.code}${problem.severity === "warning" ? " (warning)" : ""} | \`${cell(problem.file)}:${problem.line}\` | \`${cell(problem.tool)}\` | ${cell(problem.message)} |`,
      );
  }
  return `${out.join("\n")}\n`;
};
