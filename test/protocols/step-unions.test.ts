import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { packageRoot } from "../../src/package-root.js";
import { PROTOCOLS } from "../../src/protocols/registry.js";

/**
 * The types that name the server's tools (AORP's next steps, Guidance's available actions) are
 * unions over every tool. A union that holds both string literals and template literal types
 * makes the compiler test every literal against every template each time it builds the union:
 * tools × templates tests, quadratic in the number of tools (three million at 1,000 tools, a
 * fifth of a second of the user's `tsc`, paid again at each instantiation). This pins the
 * property that keeps them linear: no union reached from a runtime's `TTool`-typed aliases mixes
 * the two. (How much time it costs is measured in `npm run bench`, not here.)
 */
const TOOLS = '"alpha_tool" | "beta_tool" | "gamma_tool"';

const dir = mkdtempSync(join(tmpdir(), "mcp-conform-step-unions-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Probe {
  protocol: string;
  alias: string;
}

function probesOf(source: string, protocol: string): Probe[] {
  return [...source.matchAll(/^export type (\w+)<TTool extends string(?: = string)?>/gm)].map((match) => ({ protocol, alias: match[1]! }));
}

/** Every union reachable from `type` through unions, intersections, arrays and properties. */
function mixedUnions(checker: ts.TypeChecker, root: ts.Type): string[] {
  const found: string[] = [];
  const seen = new Set<ts.Type>();
  const visit = (type: ts.Type, depth: number): void => {
    if (seen.has(type) || depth > 6) return;
    seen.add(type);
    if (type.isUnion()) {
      const literals = type.types.filter((member) => member.flags & ts.TypeFlags.StringLiteral);
      const templates = type.types.filter((member) => member.flags & ts.TypeFlags.TemplateLiteral);
      if (literals.length > 0 && templates.length > 0) found.push(checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation));
    }
    if (type.isUnionOrIntersection()) for (const member of type.types) visit(member, depth + 1);
    if (type.flags & ts.TypeFlags.Object) {
      if (checker.isArrayType(type)) for (const element of checker.getTypeArguments(type as ts.TypeReference)) visit(element, depth + 1);
      else for (const property of checker.getPropertiesOfType(type)) visit(checker.getTypeOfSymbol(property), depth + 1);
    }
  };
  visit(root, 0);
  return found;
}

describe("unions of tool names in the protocol runtimes", () => {
  const probes = PROTOCOLS.flatMap((protocol) => probesOf(protocol.runtimeSource(), protocol.id));
  const lines = PROTOCOLS.map((protocol, index) => {
    const names = probes.filter((probe) => probe.protocol === protocol.id).map((probe) => probe.alias);
    const from = resolve(packageRoot, protocol.runtimeSourcePath).replace(/\.ts$/, ".js");
    return `import type { ${names.join(", ")} } from ${JSON.stringify(from)};\n${names.map((name) => `export type P${index}_${name} = ${name}<${TOOLS}>;`).join("\n")}`;
  });
  const probeFile = join(dir, "probe.ts");
  writeFileSync(probeFile, lines.join("\n"));
  const program = ts.createProgram([probeFile], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: false,
  });
  const checker = program.getTypeChecker();
  const aliases = new Map<string, ts.Type>();
  program.getSourceFile(probeFile)!.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, checker.getTypeAtLocation(node.name));
  });

  it("finds the aliases that take the tool names (AORP's steps, Guidance's actions)", () => {
    const names = probes.map((probe) => `${probe.protocol}:${probe.alias}`);
    expect(names).toEqual(expect.arrayContaining(["aorp:AORPToolStep", "aorp:AORPNextStep", "aorp:AORPActionable", "guidance:GuidanceAction"]));
    expect(aliases.size).toBe(probes.length);
  });

  it("the probe compiles", () => {
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(diagnostics).toEqual([]);
  });

  it("no union mixes string literals with template literal types", () => {
    const mixed = [...aliases].flatMap(([name, type]) => mixedUnions(checker, type).map((union) => `${name}: ${union}`));
    expect(mixed).toEqual([]);
  });
});
