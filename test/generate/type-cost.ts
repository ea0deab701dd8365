import { dirname } from "node:path";
import ts from "typescript";
import type { Inventory, ToolEntry } from "../../src/analyze/inventory.js";
import { generate } from "../../src/generate/generate.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { repoRoot } from "../helpers/fixtures.js";
import { configFor, OUTPUT_DIR } from "./harness.js";
import { inventory, objectPayload, param, tool } from "./inventory-builders.js";

/**
 * What the generated output costs the user's type-check, counted rather than timed: the types and
 * instantiations TypeScript 6's checker creates while checking it (both deterministic). The output
 * is checked in memory, on its own; the protocols' runtimes and lib files are shared across runs.
 *
 * `output-schemas.zod.ts` is checked against the real zod (the project's own `node_modules/zod`,
 * read from disk); left out: `output-schemas.standard.ts` (it needs SDK 2.x's types). The
 * scaffolded guidance stubs are in: the user's files once written, but in the program all the same.
 */

export interface TypeCost {
  types: number;
  instantiations: number;
  /** Entries of the checker's relation caches (assignable, identity, subtype, strict subtype): every pair of types it compared. */
  relations: number;
  /** Every error the checker reports in the output (there must be none). */
  errors: string[];
}

/**
 * What one more tool's formatter module may add: the `ConformingResult<"tool">` brand it returns
 * (an intersection and its brand object), and with guidance composed the stub's result. Before
 * issue #17 an AORP module added 20 types and 71 instantiations, a SmartResponse V2 one 39 and 94.
 */
export const FORMATTER_BUDGET = { types: 4, instantiations: 2 };

const ROOT = "/type-cost";
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  lib: ["lib.es2022.d.ts"],
};

/** Parsed once for every run: the lib files and zod's declarations. */
const libFiles = new Map<string, ts.SourceFile>();

/** The one package the output imports that is checked with it: `/type-cost/node_modules/zod/...` is read from the repository's. */
const PACKAGE_DIR = `${ROOT}/node_modules/zod`;
const packagePath = (path: string): string | undefined =>
  path === PACKAGE_DIR || path.startsWith(`${PACKAGE_DIR}/`) ? `${repoRoot}/node_modules/zod${path.slice(PACKAGE_DIR.length)}` : undefined;

/**
 * `count` tools with inline payload and input types, as an analysed server would have them. Each
 * payload has a field of its own (`note_<i>`), as real tools' payloads differ: an output schema's
 * payload part is then the tool's own, not a part every tool shares.
 */
export function syntheticInventory(count: number): Inventory {
  const tools: ToolEntry[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `tool_${String(i).padStart(4, "0")}_list_records`;
    const note = `note_${i}`;
    const payloadType = `{ ownerId: string; count: number; items: { id: string; amount: number }[]; status: "complete" | "partial"; ${note}: string }`;
    tools.push(
      tool(name, {
        description: `List the records of owner ${i}.`,
        input: [param("ownerId", "string"), param("limit", "number", true)],
        payloadType,
        payload: objectPayload(
          {
            ownerId: { type: "string" },
            count: { type: "number" },
            items: { type: "array", items: { type: "object", properties: { id: { type: "string" }, amount: { type: "number" } }, required: ["id", "amount"] } },
            status: { enum: ["complete", "partial"] },
            [note]: { type: "string" },
          },
          ["ownerId", "count", "items", "status", note],
          payloadType,
        ),
        references:
          i > 1 ? [{ tool: `tool_${String(i - 1).padStart(4, "0")}_list_records`, file: "src/tools.ts", line: i, kind: "mentions", via: "next-steps" }] : [],
      }),
    );
  }
  return inventory(tools);
}

/**
 * `leaveOut` takes generated files out (by their path in the output folder), to tell their cost
 * from the rest's; `userFiles` adds the user's own (by their path in the project, `src/uses.ts`).
 */
export function typeCost(
  protocol: ProtocolId,
  guidance: boolean,
  tools: number,
  leaveOut: (path: string) => boolean = () => false,
  userFiles: ReadonlyMap<string, string> = new Map(),
): TypeCost {
  const { generated, scaffolded } = generate(syntheticInventory(tools), configFor(protocol, guidance));
  const files = new Map<string, string>();
  for (const [path, contents] of [...generated, ...scaffolded, ...userFiles]) files.set(`${ROOT}/${path}`, contents);
  files.set(`${ROOT}/package.json`, JSON.stringify({ type: "module" }));
  const inOutput = (path: string): string | undefined => (path.startsWith(`${ROOT}/${OUTPUT_DIR}/`) ? path.slice(`${ROOT}/${OUTPUT_DIR}/`.length) : undefined);
  const roots = [...files.keys()].filter((path) => {
    const generatedPath = inOutput(path);
    return path.endsWith(".ts") && !path.endsWith("/output-schemas.standard.ts") && (generatedPath === undefined || !leaveOut(generatedPath));
  });

  const libDir = dirname(ts.getDefaultLibFilePath(OPTIONS));
  const host = ts.createCompilerHost(OPTIONS);
  const onDisk = (path: string): string | undefined => (path.startsWith(libDir) ? path : packagePath(path));
  const read = (path: string): string | undefined => {
    const disk = onDisk(path);
    return files.get(path) ?? (disk === undefined ? undefined : ts.sys.readFile(disk));
  };
  host.fileExists = (path) => read(path) !== undefined;
  host.readFile = read;
  host.realpath = (path) => path;
  host.directoryExists = (path) =>
    path.startsWith(libDir) ||
    `${PACKAGE_DIR}/`.startsWith(`${path}/`) ||
    (packagePath(path) !== undefined && ts.sys.directoryExists(packagePath(path)!)) ||
    [...files.keys()].some((file) => file.startsWith(`${path}/`));
  host.getCurrentDirectory = () => ROOT;
  host.getSourceFile = (path, languageVersion) => {
    const lib = onDisk(path) !== undefined;
    const cached = lib ? libFiles.get(path) : undefined;
    if (cached) return cached;
    const text = read(path);
    if (text === undefined) return undefined;
    const file = ts.createSourceFile(path, text, languageVersion);
    if (lib) libFiles.set(path, file);
    return file;
  };

  const program = ts.createProgram(roots, OPTIONS, host);
  const diagnostics = [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()];
  const relations = program.getRelationCacheSizes();
  return {
    types: program.getTypeCount(),
    instantiations: program.getInstantiationCount(),
    relations: relations.assignable + relations.identity + relations.subtype + relations.strictSubtype,
    errors: diagnostics.map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`),
  };
}

/**
 * What one more tool's formatter module costs: the growth from `small` to `large` tools of the
 * whole output, less the growth of the output without its formatter modules, per tool.
 */
export function formatterCostPerTool(
  protocol: ProtocolId,
  guidance: boolean,
  small = 4,
  large = 24,
): { types: number; instantiations: number; errors: string[] } {
  return fileCostPerTool(protocol, guidance, (path) => path.startsWith("formatters/"), small, large);
}

/**
 * What one more tool costs in the generated files `files` picks (by their path in the output
 * folder): the growth from `small` to `large` tools of the whole output, less the growth of the
 * output without those files, per tool.
 */
export function fileCostPerTool(
  protocol: ProtocolId,
  guidance: boolean,
  files: (path: string) => boolean,
  small = 4,
  large = 24,
): { types: number; instantiations: number; errors: string[] } {
  const growth = (leaveOut: (path: string) => boolean): Omit<TypeCost, "relations"> => {
    const a = typeCost(protocol, guidance, small, leaveOut);
    const b = typeCost(protocol, guidance, large, leaveOut);
    return { types: b.types - a.types, instantiations: b.instantiations - a.instantiations, errors: [...a.errors, ...b.errors] };
  };
  const whole = growth(() => false);
  const rest = growth(files);
  return {
    types: (whole.types - rest.types) / (large - small),
    instantiations: (whole.instantiations - rest.instantiations) / (large - small),
    errors: [...whole.errors, ...rest.errors],
  };
}

/**
 * What the user's code `userFiles` costs the check beside the output of `tools` tools: the
 * relations the checker computes for it (every pair of types compared), less those of the output
 * alone. Code that uses the generated builders should cost the same whatever the number of tools.
 */
export function userCodeRelations(protocol: ProtocolId, tools: number, userFiles: ReadonlyMap<string, string>): { relations: number; errors: string[] } {
  const alone = typeCost(protocol, false, tools);
  const used = typeCost(protocol, false, tools, () => false, userFiles);
  return { relations: used.relations - alone.relations, errors: [...alone.errors, ...used.errors] };
}
