import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ts } from "ts-morph";
import * as ast from "typescript7/unstable/ast";
import * as fsApi from "typescript7/unstable/fs";
import * as sync from "typescript7/unstable/sync";
import { describe, expect, it } from "vitest";
import { loadTs7Api, TYPESCRIPT7_VERSION } from "../../src/analyze/engine/ts7-api.js";
import { prefetchModuleExports, prefetchSourceFiles, typeTexts } from "../../src/analyze/engine/ts7-pipeline.js";
import { TYPE_TEXT_FLAGS } from "../../src/analyze/resolve/type-text.js";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * TypeScript 7's API for tools is unstable: the engine (src/analyze/engine/ts7.ts) runs one exact
 * version. If `typescript7` is upgraded, this fails and names what the engine relies on, so the
 * engine is reviewed against the new API before anyone trusts its inventories.
 */

const METHODS = {
  API: ["updateSnapshot", "close", "parseConfigFile"],
  Snapshot: ["getProject", "getProjects"],
  Program: [
    "getSourceFileNames",
    "getSourceFile",
    "isSourceFileFromExternalLibrary",
    "isSourceFileDefaultLibrary",
    "getConfigFileParsingDiagnostics",
    "getSyntacticDiagnostics",
    "getSourceFileMetadata",
  ],
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
    // What ts7-checker.ts answers TypeScript 6's calls with.
    "getTypeOfSymbolAtLocation",
    "getShorthandAssignmentValueSymbol",
    "getIndexInfosOfType",
    "getExportsOfModule",
    "getSignatureFromDeclaration",
    "getResolvedSignature",
    "getContextualType",
    "getDeclaredTypeOfSymbol",
    "getBaseTypeOfLiteralType",
    "getNonNullableType",
    "getTypeFromTypeNode",
    "isArrayLikeType",
    "getAnyType",
    "getStringType",
    "getNumberType",
    "getBooleanType",
    "getVoidType",
    "getUndefinedType",
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

type OpenedProject = NonNullable<ReturnType<ReturnType<InstanceType<typeof sync.API>["updateSnapshot"]>["getProject"]>>;

/** styles/tool-object opened by two compiler processes: what one is asked in rounds, the other answers one by one. */
function withTwoProjects(run: (project: OpenedProject, other: OpenedProject) => void): void {
  const tsconfig = join(fixturesRoot, "styles", "tool-object", "tsconfig.json");
  const api = new sync.API({ cwd: repoRoot });
  const apart = new sync.API({ cwd: repoRoot });
  try {
    run(api.updateSnapshot({ openProjects: [tsconfig] }).getProject(tsconfig)!, apart.updateSnapshot({ openProjects: [tsconfig] }).getProject(tsconfig)!);
  } finally {
    api.close();
    apart.close();
  }
}

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

  it("has the channel and the executable's path the compiler started ahead is built from (ts7-head-start.ts)", async () => {
    const dir = join(repoRoot, "node_modules", "typescript7");
    const channel = (await import(pathToFileURL(join(dir, "dist", "api", "syncChannel.js")).href)) as {
      SyncRpcChannel?: { prototype: Record<string, unknown> };
    };
    expect(typeof channel.SyncRpcChannel?.prototype["writeTuple"], "SyncRpcChannel.writeTuple").toBe("function");
    const exePath = (await import(pathToFileURL(join(dir, "lib", "getExePath.js")).href)) as { default?: unknown };
    expect(typeof exePath.default, "getExePath").toBe("function");
    // The arguments the client spawns tsgo with: the head start spawns it with the same ones.
    expect(readFileSync(join(dir, "dist", "api", "sync", "client.js"), "utf8")).toMatch(/const args = \[\s*"--api",\s*"--cwd",\s*cwd,\s*\]/);
  });

  it("calls back for the file system calls the engine's tsconfig read records (ts7.ts readTsconfig)", () => {
    expect(fsApi.fsCallbackNames).toEqual(expect.arrayContaining(["getAccessibleEntries", "readFile"]));
  });

  it("names the syntax kinds the engine tests, and numbers every single type flag (and the object and symbol flags read) as TypeScript 6 does", () => {
    for (const kind of KINDS) expect(typeof (ast.SyntaxKind as unknown as Record<string, unknown>)[kind], kind).toBe("number");
    const singleFlags = Object.entries(ts.TypeFlags).filter(([, value]) => typeof value === "number" && value > 0 && (value & (value - 1)) === 0);
    expect(singleFlags.length).toBeGreaterThan(25);
    for (const [name, value] of singleFlags) expect((sync.TypeFlags as unknown as Record<string, number>)[name], `TypeFlags.${name}`).toBe(value);
    expect(sync.SymbolFlags.Alias).toBe(ts.SymbolFlags.Alias);
    expect(sync.SymbolFlags.Interface).toBe(ts.SymbolFlags.Interface);
    // ts7-checker.ts reads a type's objectFlags by TypeScript 6's numbers.
    for (const name of ["Class", "Interface", "Reference", "Tuple", "Anonymous", "Mapped", "Instantiated", "ObjectLiteral", "ReverseMapped"] as const) {
      expect((sync.ObjectFlags as unknown as Record<string, number>)[name], `ObjectFlags.${name}`).toBe(ts.ObjectFlags[name]);
    }
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
      // ts7-checker.ts resolves declarations as NodeHandle.resolve does, without asking for the file each time.
      expect(typeof (file as unknown as Record<string, unknown>)["getOrCreateNodeAtIndex"], "SourceFile.getOrCreateNodeAtIndex").toBe("function");
      const symbol = project.checker.getSymbolAtLocation(file);
      const handle = symbol?.declarations[0];
      expect(handle?.index, "NodeHandle.index").toBeTypeOf("number");
      expect(handle?.path, "NodeHandle.path").toBeTypeOf("string");
      // values.ts passes over a global of the compiler's library without fetching its file: the
      // handle's kind and path tell what and where, the file's metadata whether it is a default library.
      expect(handle?.kind, "NodeHandle.kind").toBeTypeOf("number");
      const objectSymbol = project.checker.resolveName("Object", sync.SymbolFlags.Value, undefined, false);
      const objectDeclaration = objectSymbol?.valueDeclaration;
      expect(objectDeclaration?.path, "Object's declaration").toMatch(/lib\.es5\.d\.ts$/);
      expect(project.program.getSourceFileMetadata(objectDeclaration!.path)?.isDefaultLibrary, "SourceFileMetadata.isDefaultLibrary").toBe(true);
      expect(project.program.getSourceFileMetadata(first!)?.isDefaultLibrary).toBe(false);
      // ts7.ts names an unfetched file by the path a handle would give it (Program.toPath).
      const toPath = (project.program as unknown as { toPath?: (fileName: string) => string }).toPath;
      expect(toPath?.(first!), "Program.toPath").toBe((file as unknown as { path: string }).path);
      // ts7.ts stops tsgo by killing its process before the API closes it (no "context canceled").
      const channel = (api as unknown as { client?: { channel?: { close?: unknown; child?: { kill?: unknown } } } }).client?.channel;
      expect(typeof channel?.close, "API.client.channel.close").toBe("function");
      expect(typeof channel?.child?.kill, "API.client.channel.child.kill").toBe("function");
      // ts7-checker.ts tells an array by its target's id, which a type reference carries as `target`
      // (Array's own declared type is a reference to itself).
      const array = project.checker.resolveName("Array", sync.SymbolFlags.Interface, undefined, false);
      const arrayType = project.checker.getDeclaredTypeOfSymbol(array!) as unknown as { id: number; target?: number };
      expect(arrayType.target, "Type.target").toBe(arrayType.id);
      const [type] = project.checker.getTypeAtLocation([file.statements[0]!]);
      for (const method of ["isUnionType", "getTypes", "isTypeReference", "isStringLiteralType", "isNumberLiteralType", "isBooleanLiteralType"]) {
        expect(typeof (type as unknown as Record<string, unknown>)[method], `Type.${method}`).toBe("function");
      }
    } finally {
      api.close();
    }
  });

  it("has the node class whose decoded strings the engine keeps (ts7-node-strings.ts), and a kept string is the one decoded", async () => {
    const seven = await loadTs7Api(repoRoot);
    const decode = (seven.RemoteNode.prototype as Record<string, unknown>)["getString"];
    expect(typeof decode, "RemoteNode.getString").toBe("function");
    const api = new seven.sync.API({ cwd: repoRoot });
    try {
      const tsconfig = join(fixturesRoot, "styles", "sdk-register-tool", "tsconfig.json");
      const project = api.updateSnapshot({ openProjects: [tsconfig] }).getProject(tsconfig)!;
      const [first] = project.program.getSourceFileNames().filter((name) => name.endsWith("/src/server.ts"));
      const file = project.program.getSourceFile(first!)!;
      expect(file, "a node is a RemoteNode").toBeInstanceOf(seven.RemoteNode);
      // The string table's bounds the kept array is sized from.
      const offsets = file as unknown as { _offsetStringTableOffsets: unknown; _offsetStringTable: unknown };
      expect(offsets._offsetStringTableOffsets, "RemoteSourceFile._offsetStringTableOffsets").toBeTypeOf("number");
      expect(offsets._offsetStringTable, "RemoteSourceFile._offsetStringTable").toBeTypeOf("number");
      // Every identifier reads as its source text, twice (the second read is a kept string).
      const texts: [string, string][] = [];
      const visit = (node: ast.Node): void => {
        if (node.kind === ast.SyntaxKind.Identifier) texts.push([(node as ast.Identifier).text, node.getText()]);
        node.forEachChild(visit);
      };
      visit(file as unknown as ast.Node);
      visit(file as unknown as ast.Node);
      expect(texts.length).toBeGreaterThan(20);
      for (const [read, source] of texts) expect(read).toBe(source);
      const kept = Object.getOwnPropertySymbols(file)
        .map((key) => (file as unknown as Record<symbol, unknown>)[key])
        .find(Array.isArray) as unknown[];
      expect(kept.length, "one slot per entry of the string offsets table").toBe(
        ((offsets._offsetStringTable as number) - (offsets._offsetStringTableOffsets as number)) / 4,
      );
      expect(kept.filter((slot) => slot !== undefined).length).toBeGreaterThan(10);
    } finally {
      api.close();
    }
  });

  it("answers requests written ahead in order, as one by one (ts7-pipeline.ts), and goes on answering after one fails", () => {
    const api = new sync.API({ cwd: repoRoot });
    try {
      const tsconfig = join(fixturesRoot, "styles", "tool-object", "tsconfig.json");
      const project = api.updateSnapshot({ openProjects: [tsconfig] }).getProject(tsconfig)!;
      const internals = project.checker as unknown as { snapshotId?: unknown; project?: { id?: unknown }; client?: { channel?: Record<string, unknown> } };
      expect(internals.snapshotId, "Checker.snapshotId").toBeTypeOf("number");
      expect(internals.project?.id, "Checker.project.id").toBeTypeOf("string");
      for (const method of ["getMethodBuf", "writeTuple", "readTuple", "handleCall"]) {
        expect(typeof internals.client?.channel?.[method], `SyncRpcChannel.${method}`).toBe("function");
      }
      // Every expression of every file, printed from the function it is in: as many types as texts.
      const nodes: ast.Node[] = [];
      const enclosing = new Map<ast.Node, ast.Node | undefined>();
      for (const name of project.program.getSourceFileNames().filter((file) => file.includes("/fixtures/"))) {
        const visit = (node: ast.Node, inFunction: ast.Node | undefined): void => {
          if (node.kind === ast.SyntaxKind.Identifier || node.kind === ast.SyntaxKind.CallExpression || node.kind === ast.SyntaxKind.ObjectLiteralExpression) {
            nodes.push(node);
            enclosing.set(node, inFunction);
          }
          const isFunction =
            node.kind === ast.SyntaxKind.ArrowFunction || node.kind === ast.SyntaxKind.FunctionDeclaration || node.kind === ast.SyntaxKind.MethodDeclaration;
          node.forEachChild((child) => visit(child, isFunction ? node : inFunction));
        };
        visit(project.program.getSourceFile(name)! as unknown as ast.Node, undefined);
      }
      const types = project.checker.getTypeAtLocation(nodes as never[]);
      const requests = nodes.flatMap((node, index) => {
        const type = types[index];
        const around = enclosing.get(node);
        return type
          ? [{ type, around, request: { typeId: type.id, location: around ? (around as unknown as { id: string }).id : undefined, flags: TYPE_TEXT_FLAGS } }]
          : [];
      });
      expect(requests.length).toBeGreaterThan(300);
      const oneByOne = requests.map(({ type, around, request }) => project.checker.typeToString(type, around as never, request.flags));
      // More than one round (each round holds 32 KB of requests).
      const repeated = [...requests, ...requests, ...requests].map(({ request }) => request);
      expect(typeTexts(project.checker, repeated)).toEqual([...oneByOne, ...oneByOne, ...oneByOne]);
      expect(new Set(oneByOne).size).toBeGreaterThan(20);
      // A request the compiler cannot answer fails the round, after its other answers are read.
      expect(() => typeTexts(project.checker, [requests[0]!.request, { typeId: 987654321, location: undefined, flags: 0 }, requests[1]!.request])).toThrow();
      expect(typeTexts(project.checker, [requests[2]!.request])).toEqual([oneByOne[2]]);
      expect(project.checker.typeToString(requests[3]!.type)).toBe(project.checker.typeToString(requests[3]!.type));
    } finally {
      api.close();
    }
  });

  it("takes source files fetched in rounds as its own getSourceFile would (ts7-pipeline.ts), and asks again for none it holds", () => {
    withTwoProjects((project, otherProject) => {
      const program = project.program;
      const internals = program as unknown as { sourceFileCache?: { getRetained?: unknown }; client?: object };
      expect(typeof internals.sourceFileCache?.getRetained, "Program.sourceFileCache.getRetained").toBe("function");
      expect(typeof (Object.getPrototypeOf(internals.client) as Record<string, unknown>)["apiRequestBinary"], "Client.prototype.apiRequestBinary").toBe(
        "function",
      );
      const names = program.getSourceFileNames().filter((name) => name.includes("/fixtures/"));
      expect(names.length).toBeGreaterThan(3);
      prefetchSourceFiles(program, names);
      expect(Object.hasOwn(internals.client!, "apiRequestBinary"), "the client is left as it was").toBe(false);
      // Held now: asking again is no request.
      const client = internals.client as { apiRequestBinary: (...args: unknown[]) => unknown };
      let asked = 0;
      const ask = client.apiRequestBinary;
      client.apiRequestBinary = function (this: unknown, ...args: unknown[]) {
        asked++;
        return ask.apply(this, args);
      };
      const files = names.map((name) => program.getSourceFile(name)!);
      delete (client as { apiRequestBinary?: unknown }).apiRequestBinary;
      expect(asked).toBe(0);
      prefetchSourceFiles(program, names);
      // The same files as fetched one by one, node for node.
      const other = otherProject.program;
      for (const [index, name] of names.entries()) {
        const alone = other.getSourceFile(name)!;
        expect(files[index]!.text, name).toBe(alone.text);
        const kinds = (file: ast.Node): number[] => {
          const found: number[] = [];
          const visit = (node: ast.Node): void => {
            found.push(node.kind, node.pos, node.end);
            node.forEachChild(visit);
          };
          visit(file);
          return found;
        };
        expect(kinds(files[index] as unknown as ast.Node), name).toEqual(kinds(alone as unknown as ast.Node));
      }
    });
  });

  it("reads module exports asked in rounds as its own getExportsOfModule does (ts7-pipeline.ts), the same symbols", () => {
    withTwoProjects((project, other) => {
      const names = project.program.getSourceFileNames().filter((name) => name.includes("/fixtures/"));
      const modules = names.map((name) => project.checker.getSymbolAtLocation(project.program.getSourceFile(name)!)!).filter(Boolean);
      expect(modules.length).toBeGreaterThan(3);
      const client = (project.checker as unknown as { client: object }).client;
      // The client's own method, spied on where it lives (the rounds answer through an own property of the client).
      const prototype = Object.getPrototypeOf(client) as { apiRequest: (method: string, params: unknown) => unknown };
      const ask = prototype.apiRequest;
      const asked: string[] = [];
      prototype.apiRequest = function (this: unknown, method: string, params: unknown) {
        asked.push(method);
        return ask.call(this, method, params);
      };
      let read: string[][] = [];
      try {
        prefetchModuleExports(
          project.checker,
          modules.map((symbol) => symbol.id),
          () => {
            read = modules.map((symbol) => project.checker.getExportsOfModule(symbol).map((exported) => exported.name));
          },
        );
      } finally {
        prototype.apiRequest = ask;
      }
      // Every getExportsOfModule answer came from the rounds.
      expect(asked.filter((method) => method === "getExportsOfModule")).toEqual([]);
      expect(Object.hasOwn(client, "apiRequest")).toBe(false);
      const alone = names.map((name) =>
        other.checker.getExportsOfModule(other.checker.getSymbolAtLocation(other.program.getSourceFile(name)!)!).map((exported) => exported.name),
      );
      expect(read).toEqual(alone);
      expect(read.flat().length).toBeGreaterThan(5);
    });
  });

  it("is taken from the project when the project installs the pinned version, else from beside mcp-conform", async () => {
    mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
    const scratch = mkdtempSync(join(repoRoot, ".tmp", "ts7-api-"));
    try {
      const withSeven = join(scratch, "seven");
      mkdirSync(join(withSeven, "node_modules"), { recursive: true });
      writeFileSync(join(withSeven, "package.json"), "{}");
      symlinkSync(join(repoRoot, "node_modules", "typescript7"), join(withSeven, "node_modules", "typescript"), "dir");
      expect((await loadTs7Api(withSeven)).source).toBe("project");
      // The repository installs TypeScript 6 as `typescript`: the engine's own copy serves.
      expect((await loadTs7Api(repoRoot)).source).toBe("mcp-conform");
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
