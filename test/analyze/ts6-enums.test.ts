import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import * as ast from "../../src/analyze/engine/ast.js";
import * as generated from "../../src/analyze/engine/ts6-enums.generated.js";
// @ts-expect-error: a plain .mjs script, without declarations
import { ENUMS, KIND_SETS, kindsAccepted } from "../../scripts/write-ts6-enums.mjs";

const enums = ENUMS as string[];
const kindSets = KIND_SETS as Record<string, string>;
const accepted = kindsAccepted as (test: string) => number[];
const typescript = ts as unknown as Record<string, unknown>;

// The analysis reads TypeScript 6's numbering from a generated copy, so that a run on TypeScript 7
// loads no TypeScript 6. When ts-morph's TypeScript changes, these fail: run
// `node scripts/write-ts6-enums.mjs`.
describe("ts6-enums.generated.ts is TypeScript 6's numbering", () => {
  it("each enum, both directions", () => {
    expect(enums.length).toBeGreaterThan(10);
    for (const name of enums) expect({ ...(generated as Record<string, unknown>)[name]! }, name).toEqual({ ...(typescript[name] as object) });
  });

  it("the kinds of each test that accepts several, and the keywords", () => {
    for (const [set, test] of Object.entries(kindSets)) {
      expect([...(generated as unknown as Record<string, ReadonlySet<number>>)[set]!], set).toEqual(accepted(test));
      expect(accepted(test).length, test).toBeGreaterThan(1);
    }
    const keywords: [string, number][] = [];
    for (let kind = ts.SyntaxKind.FirstKeyword; kind <= ts.SyntaxKind.LastKeyword; kind++) keywords.push([ts.tokenToString(kind)!, kind]);
    expect([...generated.KEYWORD_KINDS]).toEqual(keywords);
    const punctuation: [string, number][] = [];
    for (let kind = ts.SyntaxKind.FirstPunctuation; kind <= ts.SyntaxKind.LastPunctuation; kind++) punctuation.push([ts.tokenToString(kind)!, kind]);
    expect([...generated.PUNCTUATION_KINDS]).toEqual(punctuation);
  });
});

describe("engine/ast.ts's node tests", () => {
  const tests = Object.entries(ast).filter(([name, value]) => /^is[A-Z]/.test(name) && typeof value === "function" && typeof typescript[name] === "function");

  it("answer as TypeScript 6's own for every kind", () => {
    // Every test of the module that TypeScript 6 also has is compared; isExternalModule and the like read more than a kind.
    expect(tests.length).toBeGreaterThan(70);
    const readsMore = new Set(["isExternalModule"]);
    for (const [name, test] of tests) {
      if (readsMore.has(name)) continue;
      for (let kind = 0; kind <= ts.SyntaxKind.Count; kind++) {
        let expected: boolean;
        try {
          expected = (typescript[name] as (node: unknown) => boolean)({ kind });
        } catch {
          continue; // isExpression looks through a PartiallyEmittedExpression, which no parsed file holds
        }
        expect((test as (node: unknown) => boolean)({ kind }), `${name}(${ts.SyntaxKind[kind]})`).toBe(expected);
      }
    }
  });

  it("answer as TypeScript 6's own on a parsed file's nodes", () => {
    const file = ts.createSourceFile(
      "a.ts",
      "export class A { get x() { return 1; } set x(v) {} constructor(p: string) {} }\nconst f = async (a: number[]) => { for (const b of a) if (b) throw new Error(`${b}`); };\ninterface I { m(): void; 'k': \"v\" }\n",
      ts.ScriptTarget.Latest,
      true,
    );
    let checked = 0;
    const visit = (node: ts.Node): void => {
      for (const [name, test] of tests) {
        if (name === "isExternalModule") continue;
        expect((test as (node: ts.Node) => boolean)(node), `${name}(${ts.SyntaxKind[node.kind]})`).toBe((typescript[name] as (node: ts.Node) => boolean)(node));
        checked++;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(checked).toBeGreaterThan(1000);
  });
});
