import { readFileSync } from "node:fs";
import { join } from "node:path";
import ajvDraft04 from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/check/result.js";
import { REPORTERS } from "../../src/reporters/index.js";
import { fixturesRoot, golden } from "../helpers/fixtures.js";

/** A fixed result: one conforming tool, one with a problem of most kinds, and text that needs escaping. */
const RESULT: CheckResult = {
  ok: false,
  minCoverage: 80,
  coverage: {
    conforming: { count: 1, total: 2, percent: 50 },
    guidance: { count: 1, total: 2, percent: 50 },
    errorPathsWithGuidance: { count: 1, total: 3, percent: 33.3 },
    structuredWarnings: { count: 2, total: 3, percent: 66.6 },
  },
  tools: [
    { name: "get_quote", file: "src/quote.ts", line: 12, conforms: true, guidance: "complete", placeholders: [], problems: [] },
    {
      name: "screen_stocks",
      file: "src/screen.ts",
      line: 8,
      conforms: false,
      guidance: "partial",
      placeholders: ["confidence", "recovery"],
      problems: [
        {
          code: "MCPC101",
          severity: "error",
          message:
            'tool "screen_stocks" returns `{ content: string | number }` on a success path, not ConformingResult<"screen_stocks">: return its formatter\'s result',
          file: "src/screen.ts",
          line: 30,
        },
        {
          code: "MCPC102",
          severity: "error",
          message: 'tool "screen_stocks" throws instead of returning an error envelope, 100% of the time:\nreally',
          file: "src/screen.ts",
          line: 21,
        },
        {
          code: "MCPC107",
          severity: "error",
          message: 'tool "screen_stocks" has no recovery guidance on its error paths',
          file: "src/guidance/screen_stocks.ts",
          line: 1,
        },
        {
          code: "MCPC110",
          severity: "error",
          message: 'tool "screen_stocks" points the model at "get_quotes", which is not a tool of this server',
          file: "src/screen.ts",
          line: 44,
        },
        {
          code: "MCPC112",
          severity: "warning",
          message:
            'tool "screen_stocks" sends placeholder confidence on a success path: neutral values the legacy response never said; give each in the second argument of legacyParts(...)',
          file: "src/screen.ts",
          line: 52,
        },
      ],
    },
  ],
};

const expected = (name: string): string => join(fixturesRoot, "check", "__expected__", "reporters", name);

describe("check reporters", () => {
  const cases: [keyof typeof REPORTERS, string, boolean][] = [
    ["text", "text.txt", false],
    ["text", "text.color.txt", true],
    ["json", "report.json", false],
    ["markdown", "report.md", false],
    ["sarif", "report.sarif", false],
    ["github", "github.txt", false],
  ];
  for (const [name, file, color] of cases) {
    it(`${name}${color ? " (colour)" : ""} matches its golden`, () => {
      const actual = REPORTERS[name](RESULT, { color });
      expect(actual).toBe(golden(expected(file), actual));
    });
  }

  it("text names each tool's placeholders and says what to do with them", () => {
    const out = REPORTERS.text(RESULT, { color: false });
    expect(out).toContain("still placeholders (neutral values, or a stub's TODOs; give each part, then check again):\n  screen_stocks  confidence, recovery\n");
    expect(REPORTERS.text({ ...RESULT, tools: [RESULT.tools[0]!] }, { color: false })).not.toContain("still placeholders");
  });

  it("text has no escape codes without colour, and some with it", () => {
    expect(REPORTERS.text(RESULT, { color: false })).not.toContain("\u001b[");
    expect(REPORTERS.text(RESULT, { color: true })).toContain("\u001b[31m");
  });

  it("json is the documented shape", () => {
    const parsed = JSON.parse(REPORTERS.json(RESULT, { color: false })) as CheckResult;
    expect(Object.keys(parsed)).toEqual(["ok", "minCoverage", "coverage", "tools"]);
    expect(Object.keys(parsed.tools[1]!)).toEqual(["name", "file", "line", "conforms", "guidance", "placeholders", "problems"]);
    expect(Object.keys(parsed.tools[1]!.problems[0]!)).toEqual(["code", "severity", "message", "file", "line"]);
  });

  it("github escapes newlines and property separators", () => {
    const out = REPORTERS.github(RESULT, { color: false });
    expect(out).toContain(
      '::error file=src/screen.ts,line=21,title=MCPC102::MCPC102 tool "screen_stocks" throws instead of returning an error envelope, 100%25 of the time:%0Areally',
    );
    expect(out).toContain("::warning file=src/screen.ts,line=52,title=MCPC112::MCPC112");
    expect(out.trimEnd().split("\n")).toHaveLength(6);
  });

  it("sarif is valid against the published SARIF 2.1.0 schema", () => {
    const schema = JSON.parse(readFileSync(join(fixturesRoot, "schemas", "sarif-2.1.0-rtm.5.json"), "utf8")) as object;
    const ajv = new ajvDraft04.default({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }); // the schema has a pattern that is not valid in `u` mode;
    const validate = ajv.compile(schema);
    for (const result of [RESULT, { ...RESULT, ok: true, tools: [RESULT.tools[0]!] }]) {
      const log = JSON.parse(REPORTERS.sarif(result, { color: false })) as unknown;
      const valid = validate(log);
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    }
    const log = JSON.parse(REPORTERS.sarif(RESULT, { color: false })) as { runs: { results: { ruleId: string }[] }[] };
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toEqual(["MCPC101", "MCPC102", "MCPC107", "MCPC110", "MCPC112"]);
  });
});
