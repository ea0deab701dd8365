import { CHECK_CODE_TITLES } from "../check/rules/index.js";
import type { CheckResult } from "../check/result.js";
import type { Reporter } from "./reporter.js";

/** SARIF 2.1.0: one rule per code, one result per problem, paths relative to the project (`%SRCROOT%`). */
export const sarifReporter: Reporter = (result: CheckResult) => {
  const rules = Object.entries(CHECK_CODE_TITLES).map(([id, title]) => ({
    id,
    shortDescription: { text: title },
    help: { text: `${id}: ${title}. The README's "Problem codes" table says what to do.` },
  }));
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = result.tools.flatMap((tool) =>
    tool.problems.map((problem) => ({
      ruleId: problem.code,
      ...(ruleIndex.has(problem.code) ? { ruleIndex: ruleIndex.get(problem.code)! } : {}),
      level: problem.severity,
      message: { text: problem.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: problem.file, uriBaseId: "%SRCROOT%" }, region: { startLine: problem.line } } }],
      properties: { tool: tool.name },
    })),
  );
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "mcp-conform", rules } },
        results,
        properties: { ok: result.ok, coverage: result.coverage },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
