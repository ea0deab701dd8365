// `npm run recall [-- --all]`
//
// Discovery's recall on the fixtures written from real servers' patterns (fixtures/real-world/,
// one per pattern of issue #13; `--all` adds every other fixture with an oracle): tools found
// against the hand-written oracle, params with the wrong requiredness, payloads that came out
// `unknown`/`any` where the source has a type. Exits 1 when any fixture is below 100%.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { analyze } from "../src/analyze/analyze.js";
import { type FixtureRecall, type OracleTool, fixtureRecall, isPerfect } from "./recall-metrics.js";

const FIXTURES = fileURLToPath(new URL("../fixtures", import.meta.url));

function fixturesWithOracles(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    if (existsSync(join(current, "expected-tools.json")) && existsSync(join(current, "tsconfig.json")))
      found.push(relative(FIXTURES, current).split("\\").join("/"));
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isDirectory() && !["node_modules", "src", "bad"].includes(entry.name) && !entry.name.startsWith("__") && !entry.name.startsWith("."))
        walk(join(current, entry.name));
    }
  };
  walk(dir);
  return found.sort();
}

const { values } = parseArgs({ options: { all: { type: "boolean" } } });
const fixtures = fixturesWithOracles(values.all ? FIXTURES : join(FIXTURES, "real-world"));
const rows: FixtureRecall[] = [];
for (const fixture of fixtures) {
  const { inventory } = analyze({ project: join(FIXTURES, fixture), cwd: FIXTURES });
  const oracle = JSON.parse(readFileSync(join(FIXTURES, fixture, "expected-tools.json"), "utf8")) as OracleTool[];
  rows.push(fixtureRecall(fixture, oracle, inventory));
}

const percent = (count: number, total: number): string => (total === 0 ? "100%" : `${Math.floor((count / total) * 1000) / 10}%`);
const table = [
  ["fixture", "tools found", "wrong requiredness", "unknown/any payloads"],
  ...rows.map((row) => [row.fixture, `${row.found}/${row.expected}`, String(row.wrongRequiredness.length), String(row.unknownPayloads.length)]),
];
const expected = rows.reduce((sum, row) => sum + row.expected, 0);
const found = rows.reduce((sum, row) => sum + row.found, 0);
table.push([
  "total",
  `${found}/${expected} (${percent(found, expected)})`,
  String(rows.reduce((sum, row) => sum + row.wrongRequiredness.length, 0)),
  String(rows.reduce((sum, row) => sum + row.unknownPayloads.length, 0)),
]);
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
for (const row of table)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd(),
  );
for (const row of rows.filter((r) => !isPerfect(r))) {
  console.log(`\n${row.fixture}:`);
  for (const tool of row.missing) console.log(`  missing ${tool}`);
  for (const param of row.wrongRequiredness) console.log(`  wrong requiredness ${param}`);
  for (const tool of row.unknownPayloads) console.log(`  payload unknown/any ${tool}`);
}
process.exitCode = rows.every(isPerfect) ? 0 : 1;
