import type { Inventory } from "../src/analyze/inventory.js";

/**
 * Recall of discovery on a fixture, measured against its hand-written oracle
 * (`expected-tools.json`, see fixtures/styles/README.md): which expected tools were found, which
 * params came out with the wrong requiredness, and which payloads came out `unknown`/`any` where
 * the source has a type (the oracle names one).
 */
export interface OracleTool {
  name: string;
  file: string;
  line: number;
  input?: { name: string; optional: boolean }[];
  payloadType?: string;
}

export interface FixtureRecall {
  fixture: string;
  expected: number;
  found: number;
  /** Expected tools not in the inventory: `name (file:line)`. */
  missing: string[];
  /** `tool.param` whose optionality differs from the oracle's (or that is missing). */
  wrongRequiredness: string[];
  /** Tools whose payload reads `unknown` or `any` though the oracle gives a type. */
  unknownPayloads: string[];
}

const UNTYPED = /(^|[^\w$])(unknown|any)([^\w$]|$)/;

export function fixtureRecall(fixture: string, oracle: readonly OracleTool[], inventory: Inventory): FixtureRecall {
  const unmatched = [...inventory.tools];
  const result: FixtureRecall = { fixture, expected: oracle.length, found: 0, missing: [], wrongRequiredness: [], unknownPayloads: [] };
  for (const expected of oracle) {
    // The same tool where the oracle puts it, else the same name anywhere (found, but located elsewhere).
    let index = unmatched.findIndex((tool) => tool.name === expected.name && tool.file === expected.file && tool.line === expected.line);
    if (index < 0) index = unmatched.findIndex((tool) => tool.name === expected.name);
    const tool = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
    if (!tool) {
      result.missing.push(`${expected.name} (${expected.file}:${expected.line})`);
      continue;
    }
    result.found++;
    for (const param of expected.input ?? []) {
      const actual = tool.input.find((candidate) => candidate.name === param.name);
      if (!actual || actual.optional !== param.optional) result.wrongRequiredness.push(`${expected.name}.${param.name}`);
    }
    if (expected.payloadType !== undefined && !UNTYPED.test(expected.payloadType) && UNTYPED.test(tool.payloadType)) result.unknownPayloads.push(expected.name);
  }
  return result;
}

export function isPerfect(recall: FixtureRecall): boolean {
  return recall.found === recall.expected && recall.wrongRequiredness.length === 0 && recall.unknownPayloads.length === 0;
}
