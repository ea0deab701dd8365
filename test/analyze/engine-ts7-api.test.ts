import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ts } from "ts-morph";
import * as ast from "typescript7/unstable/ast";
import * as sync from "typescript7/unstable/sync";
import { describe, expect, it } from "vitest";
import { TYPESCRIPT7_VERSION } from "../../src/analyze/engine/ts7.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * TypeScript 7's API for tools is unstable: the engine (src/analyze/engine/ts7.ts) runs one exact
 * version. If `typescript7` is upgraded, this fails and names what the engine relies on, so the
 * engine is reviewed against the new API before anyone trusts its inventories.
 */

const METHODS = {
  API: ["updateSnapshot", "close"],
  Snapshot: ["getProject", "getProjects"],
  Program: ["getSourceFileNames", "getSourceFile", "isSourceFileFromExternalLibrary", "getConfigFileParsingDiagnostics"],
  Checker: [
    "getTypeAtLocation",
    "getSymbolAtLocation",
    "getAliasedSymbol",
    "getTypeOfSymbol",
    "getSignaturesOfType",
    "getReturnTypeOfSignature",
    "getPropertiesOfType",
    "getPropertyOfType",
    "getTypeArguments",
    "isArrayType",
    "isTupleType",
    "typeToString",
    "isTypeAssignableTo",
  ],
  NodeHandle: ["resolve"],
} as const;

/** The kinds engine.ts's NodesByKind names, with those the TypeScript 7 engine maps itself. */
const KINDS = [
  "ArrowFunction",
  "BindingElement",
  "CallExpression",
  "ClassDeclaration",
  "EndOfFile",
  "FunctionDeclaration",
  "FunctionExpression",
  "Identifier",
  "ImportDeclaration",
  "MethodDeclaration",
  "NewExpression",
  "NoSubstitutionTemplateLiteral",
  "ObjectLiteralExpression",
  "PropertyAccessExpression",
  "PropertyAssignment",
  "PropertyDeclaration",
  "ReturnStatement",
  "ShorthandPropertyAssignment",
  "StringLiteral",
  "ThrowStatement",
  "VariableDeclaration",
];

describe("the TypeScript 7 API the engine is built on", () => {
  it(`is typescript ${TYPESCRIPT7_VERSION}, exactly, as package.json pins it`, () => {
    const require = createRequire(import.meta.url);
    const installed = (JSON.parse(readFileSync(require.resolve("typescript7/package.json"), "utf8")) as { version: string }).version;
    const pinned = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies[
      "typescript7"
    ];
    expect(installed).toBe(TYPESCRIPT7_VERSION);
    expect(pinned).toBe(`npm:typescript@${TYPESCRIPT7_VERSION}`);
  });

  it("has every class and method the engine calls", () => {
    for (const [className, methods] of Object.entries(METHODS)) {
      const constructor = (sync as unknown as Record<string, { prototype: object } | undefined>)[className];
      expect(constructor, className).toBeDefined();
      for (const method of methods) expect(typeof (constructor!.prototype as Record<string, unknown>)[method], `${className}.${method}`).toBe("function");
    }
  });

  it("names the syntax kinds the engine tests, and numbers every single type flag as TypeScript 6 does", () => {
    for (const kind of KINDS) expect(typeof (ast.SyntaxKind as unknown as Record<string, unknown>)[kind], kind).toBe("number");
    const singleFlags = Object.entries(ts.TypeFlags).filter(([, value]) => typeof value === "number" && value > 0 && (value & (value - 1)) === 0);
    expect(singleFlags.length).toBeGreaterThan(25);
    for (const [name, value] of singleFlags) expect((sync.TypeFlags as unknown as Record<string, number>)[name], `TypeFlags.${name}`).toBe(value);
    expect(sync.SymbolFlags.Alias).toBe(ts.SymbolFlags.Alias);
    expect(sync.SignatureKind.Call).toBe(ts.SignatureKind.Call);
  });

  it("opens a project and answers through every type method the engine reads", () => {
    const api = new sync.API({ cwd: repoRoot });
    try {
      const tsconfig = join(fixturesRoot, "styles", "sdk-register-tool", "tsconfig.json");
      const project = api.updateSnapshot({ openProjects: [tsconfig] }).getProject(tsconfig)!;
      expect(project.compilerOptions).toBeTypeOf("object");
      const [first] = project.program.getSourceFileNames().filter((name) => name.endsWith("/src/server.ts"));
      const file = project.program.getSourceFile(first!)!;
      for (const method of ["forEachChild", "getSourceFile", "getStart", "getText", "getLineAndCharacterOfPosition"]) {
        expect(typeof (file as unknown as Record<string, unknown>)[method], `SourceFile.${method}`).toBe("function");
      }
      const [type] = project.checker.getTypeAtLocation([file.statements[0]!]);
      for (const method of ["isUnionType", "getTypes", "isTypeReference", "isStringLiteralType", "isNumberLiteralType", "isBooleanLiteralType"]) {
        expect(typeof (type as unknown as Record<string, unknown>)[method], `Type.${method}`).toBe("function");
      }
    } finally {
      api.close();
    }
  });
});
