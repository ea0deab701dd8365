import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ts } from "ts-morph";
import { SyntaxKind as Ts7SyntaxKind } from "typescript7/unstable/ast";
import { describe, expect, it } from "vitest";
import { forEachChild, isGlobalAugmentation, isModuleDeclaration, kindField, kindOf } from "../../src/analyze/engine/ast.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { repoRoot } from "../helpers/fixtures.js";

// The client's node class, from the module its API loads (as src/analyze/engine/ts7-api.ts takes it).
const { RemoteNode } = (await import(pathToFileURL(join(repoRoot, "node_modules", "typescript7", "dist", "api", "node", "node.generated.js")).href)) as {
  RemoteNode: { prototype: object };
};

/** A node as TypeScript 7's API makes them: an instance of its node class, `kind` read through a getter, not held. */
function ts7Node(kind: number, fields: Record<string, unknown> = {}): ts.Node {
  const ofKind = Object.create(RemoteNode.prototype, { kind: { get: () => kind } }) as object;
  // Own data properties: the node class's fields are getters, which assignment cannot shadow.
  const own = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { value, enumerable: true }]));
  return Object.create(ofKind, own) as unknown as ts.Node;
}

describe("engine/ast.ts reads TypeScript 7's kinds as TypeScript 6 numbers them", () => {
  it("for every kind both compilers name, keywords named Unknown… included", async () => {
    await loadEngine("ts7"); // registers TypeScript 7's kind table
    const shared = Object.entries(Ts7SyntaxKind).filter(
      ([name, value]) =>
        typeof value === "number" &&
        !/^(First|Last)[A-Z]/.test(name) &&
        name !== "Count" &&
        typeof (ts.SyntaxKind as unknown as Record<string, unknown>)[name] === "number",
    ) as [string, number][];
    expect(shared.length).toBeGreaterThan(300);
    for (const [name, value] of shared) {
      // A kind number names one kind; markers share numbers and are left out above.
      if (Ts7SyntaxKind[value] !== name) continue;
      // Nodes carry their fields; a BindingElement without a name is a hole (the last test).
      expect(ts.SyntaxKind[kindOf(ts7Node(value, { name: {} }))], name).toBe(ts.SyntaxKind[(ts.SyntaxKind as unknown as Record<string, number>)[name]!]);
    }
    expect(kindOf(ts7Node(Ts7SyntaxKind.UnknownKeyword))).toBe(ts.SyntaxKind.UnknownKeyword);
  });

  it("a TypeScript 6 node's kind is its own, and so is a kind it holds as a number", () => {
    const identifier = ts.factory.createIdentifier("x");
    expect(kindOf(identifier)).toBe(ts.SyntaxKind.Identifier);
    expect(kindField(identifier, ts.SyntaxKind.ExtendsKeyword)).toBe(ts.SyntaxKind.ExtendsKeyword);
  });

  it("a kind a TypeScript 7 node holds as a number (`extends`, a prefix `-`) is translated too", async () => {
    await loadEngine("ts7");
    const clause = ts7Node(Ts7SyntaxKind.HeritageClause);
    expect(kindField(clause, Ts7SyntaxKind.ExtendsKeyword as number as ts.SyntaxKind)).toBe(ts.SyntaxKind.ExtendsKeyword);
    expect(kindField(clause, Ts7SyntaxKind.MinusToken as number as ts.SyntaxKind)).toBe(ts.SyntaxKind.MinusToken);
  });

  it("a hole in an array binding pattern reads as TypeScript 6's OmittedExpression", async () => {
    await loadEngine("ts7");
    expect(kindOf(ts7Node(Ts7SyntaxKind.BindingElement, { name: undefined }))).toBe(ts.SyntaxKind.OmittedExpression);
    expect(kindOf(ts7Node(Ts7SyntaxKind.BindingElement, { name: {} }))).toBe(ts.SyntaxKind.BindingElement);
  });

  it("`declare global` and a nested `global { }` are global augmentations on both engines; `module global` and `namespace global` are namespaces", async () => {
    mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
    const dir = mkdtempSync(join(repoRoot, ".tmp", "global-kinds-"));
    try {
      mkdirSync(join(dir, "src"));
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ["src"] }));
      writeFileSync(
        join(dir, "src", "kinds.ts"),
        [
          `declare module "host" {`,
          `  global {`,
          `    interface HostGlobal { a: 1 }`,
          `  }`,
          `}`,
          `declare namespace outer {`,
          `  module global { type A = 1; }`,
          `  namespace /* module */ global { type B = 2; }`,
          `}`,
        ].join("\n"),
      );
      writeFileSync(join(dir, "src", "augment.ts"), `export {};\ndeclare /* global */ global {\n  var augmented: number;\n}\n`);
      for (const id of ["ts6", "ts7"] as const) {
        const engine = await loadEngine(id, dir);
        const project = engine.open(join(dir, "tsconfig.json"), dir);
        try {
          const seen: string[] = [];
          const visit = (node: ts.Node): void => {
            if (isModuleDeclaration(node)) seen.push(`${node.getText().split("{")[0]!.trim()}: ${isGlobalAugmentation(node)}`);
            forEachChild(node, visit);
          };
          for (const file of project.sourceFiles()) visit(file.node);
          expect(seen.sort(), id).toEqual([
            "declare /* global */ global: true",
            'declare module "host": false',
            "declare namespace outer: false",
            "global: true",
            "module global: false",
            "namespace /* module */ global: false",
          ]);
        } finally {
          project.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
