import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { packageRoot } from "../../src/package-root.js";
import { PROTOCOLS } from "../../src/protocols/registry.js";

/**
 * The types that name the server's tools (AORP's next steps, Guidance's available actions) are
 * unions over every tool. Their spellings with arguments or a reason are plain template literal
 * types: intersected with an object type (as they were until issue #17's twenty-fifth round), each
 * is reduced the first time the union is a relation's target, and the checker lists every property
 * of `String` for each one, paid by every `tsc` 7 checker that meets the union. This pins that property, and counts what relating to the union creates. (How
 * much time it costs is measured in `npm run bench`, not here.)
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

/** Every union reachable from `type` through unions, intersections, arrays and properties that holds an intersection with a template literal type. */
function unionsOfSpelledIntersections(checker: ts.TypeChecker, root: ts.Type): string[] {
  const found: string[] = [];
  const seen = new Set<ts.Type>();
  const visit = (type: ts.Type, depth: number): void => {
    if (seen.has(type) || depth > 6) return;
    seen.add(type);
    if (type.isUnion()) {
      const spelled = type.types.some((member) => member.isIntersection() && member.types.some((part) => part.flags & ts.TypeFlags.TemplateLiteral));
      if (spelled) found.push(checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation));
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

  it("no union holds a template literal type intersected with an object type", () => {
    const spelled = [...aliases].flatMap(([name, type]) => unionsOfSpelledIntersections(checker, type).map((union) => `${name}: ${union}`));
    expect(spelled).toEqual([]);
  });

  it("relating to the unions of 300 tools creates fewer symbols than there are tools", () => {
    const aorp = PROTOCOLS.find((protocol) => protocol.id === "aorp")!;
    const guidance = PROTOCOLS.find((protocol) => protocol.id === "guidance")!;
    const from = (protocol: typeof aorp): string => JSON.stringify(resolve(packageRoot, protocol.runtimeSourcePath).replace(/\.ts$/, ".js"));
    const tools = Array.from({ length: 300 }, (_, index) => `"tool_${index}"`).join(" | ");
    const header = `import type { AORPNextStep } from ${from(aorp)};\nimport type { GuidanceAction } from ${from(guidance)};\ntype Tools = ${tools};\n`;
    const symbolsWith = (body: string): number => {
      const file = join(dir, "relations.ts");
      writeFileSync(file, header + body);
      const probe = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
      });
      expect(ts.getPreEmitDiagnostics(probe).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))).toEqual([]);
      return probe.getSymbolCount();
    };
    const built = symbolsWith("export type Steps = AORPNextStep<Tools>;\nexport type Actions = GuidanceAction<Tools>;\n");
    const related = symbolsWith(
      'export const steps: readonly AORPNextStep<Tools>[] = [];\nexport const actions: readonly GuidanceAction<Tools>[] = [];\nexport const spelled: AORPNextStep<Tools> = "tool_7(x=1) - why";\n',
    );
    // 64 with plain templates; with each spelling intersected with an object type, 1,264: one for
    // each of the 1,200 intersections the checker reduced (and listed String's members for).
    expect(related - built).toBeLessThan(300);
  });
});
