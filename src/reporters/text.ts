import { styleText } from "node:util";
import type { CheckResult } from "../check/result.js";
import type { Reporter } from "./reporter.js";
import { countText, coverageRows, verdict } from "./summary.js";

// Whether to colour is decided by the caller (a terminal, NO_COLOR); styleText must not decide again.
const paint = (format: "red" | "green" | "yellow" | "dim") => (text: string) => styleText(format, text, { validateStream: false });
const PLAIN = { red: (t: string) => t, green: (t: string) => t, yellow: (t: string) => t, dim: (t: string) => t };
const COLOURED = { red: paint("red"), green: paint("green"), yellow: paint("yellow"), dim: paint("dim") };

/** A table of tools, then each problem as `file:line: CODE message` (`CODE (warning)` for a rule set to `warn`), then coverage. */
export const textReporter: Reporter = (result: CheckResult, { color }) => {
  const c = color ? COLOURED : PLAIN;
  const rows = result.tools.map((tool) => [tool.name, tool.conforms ? "yes" : "no", tool.guidance, String(tool.problems.length), `${tool.file}:${tool.line}`]);
  const head = ["tool", "conforms", "guidance", "problems", "where"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[], style?: (cell: string, i: number) => string): string =>
    cells
      .map((cell, i) => (style ? style(cell.padEnd(widths[i]!), i) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const out: string[] = [line(head, (cell) => c.dim(cell))];
  for (const row of rows) out.push(line(row, (cell, i) => (i === 1 ? (row[1] === "yes" ? c.green(cell) : c.red(cell)) : cell)));
  const problems = result.tools.flatMap((tool) => tool.problems);
  if (problems.length > 0) {
    out.push("");
    for (const problem of problems)
      out.push(
        `${problem.file}:${problem.line}: ${problem.severity === "warning" ? c.yellow(`${problem.code} (warning)`) : c.red(problem.code)} ${problem.message.replace(/\r?\n/g, " ")}`,
      );
  }
  // What each tool still sends as placeholder content, so the list of what to fill is in one place.
  const unfinished = result.tools.filter((tool) => tool.placeholders.length > 0);
  if (unfinished.length > 0) {
    out.push("", "still placeholders (neutral values, or a stub's TODOs; give each part, then check again):");
    const nameWidth = Math.max(...unfinished.map((tool) => tool.name.length));
    for (const tool of unfinished) out.push(`  ${tool.name.padEnd(nameWidth)}  ${tool.placeholders.join(", ")}`);
  }
  out.push("");
  const labelWidth = Math.max(...coverageRows(result).map(([label]) => label.length));
  for (const [label, count] of coverageRows(result)) out.push(`${label.padEnd(labelWidth)}  ${countText(count)}`);
  out.push("", result.ok ? c.green(verdict(result)) : c.red(verdict(result)));
  return `${out.join("\n")}\n`;
};
