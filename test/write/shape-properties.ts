import { join } from "node:path";
import fc from "fast-check";
import * as bundled from "prettier";
import { expect, it } from "vitest";
import { generate } from "../../src/generate/generate.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { createFormatter } from "../../src/write/format.js";
import { configFor } from "../generate/harness.js";
import { inventory, objectPayload, tool } from "../generate/inventory-builders.js";
import { put } from "./helpers.js";

/** A Prettier module's formatting entry point (the bundled one, or another version the test installs). */
export interface PrettierModule {
  version: string;
  format(source: string, options: Record<string, unknown>): Promise<string>;
}

/** The per-tool files `generate` renders for these tools (formatter modules, guidance stubs), unformatted. */
export function perToolFiles(
  root: string,
  protocol: ProtocolId,
  guidance: boolean,
  tools: { name: string; description: string | null }[],
): Map<string, string> {
  const payload = objectPayload({ status: { enum: ["complete", "partial"] }, count: { type: "number" } });
  const result = generate(inventory(tools.map(({ name, description }) => tool(name, { description, payload }))), configFor(protocol, guidance));
  const files = new Map<string, string>();
  for (const [path, text] of [...result.generated, ...result.scaffolded]) {
    if (path.includes("/formatters/") || path.startsWith("src/guidance/")) files.set(join(root, path), text);
  }
  return files;
}

/** Every file through `prettier` itself, one by one. */
export async function direct(
  files: ReadonlyMap<string, string>,
  options: Record<string, unknown>,
  prettier: PrettierModule = bundled,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [path, text] of files) out.set(path, await prettier.format(text, { ...options, parser: "typescript", filepath: path }));
  return out;
}

/**
 * The property format-by-shape stands on, for one Prettier version: the formatter (which derives
 * files of one shape from two that Prettier prints) gives every per-tool file exactly as `prettier`
 * prints it, for random names, descriptions and options. `projectRoot()` is a project whose own
 * Prettier is `prettier` (the formatter uses the project's); only versions this runs against
 * format by shape (`SHAPE_TESTED_PRETTIER`, src/write/format.ts).
 */
export function shapeProperties(prettier: PrettierModule, projectRoot: () => string, numRuns = 40): void {
  const protocols: [ProtocolId, boolean][] = [
    ["aorp", false],
    ["aorp", true],
    ["aop", false],
    ["smart-v2", true],
    ["acor", false],
    ["guidance", false],
  ];
  const prettierOptions = fc.record(
    {
      printWidth: fc.constantFrom(30, 50, 80, 100, 140),
      tabWidth: fc.constantFrom(2, 4),
      useTabs: fc.boolean(),
      semi: fc.boolean(),
      singleQuote: fc.boolean(),
      trailingComma: fc.constantFrom("all", "es5", "none"),
      bracketSpacing: fc.boolean(),
      quoteProps: fc.constantFrom("as-needed", "consistent", "preserve"),
      arrowParens: fc.constantFrom("always", "avoid"),
      endOfLine: fc.constantFrom("lf", "crlf"),
    },
    { requiredKeys: [] },
  );
  // Tool names of a few widths so that groups form; some are not identifiers (`-`, `.`).
  const toolName = fc
    .tuple(fc.constantFrom(9, 23), fc.stringMatching(/^[a-z][a-z0-9_]{0,30}$/), fc.constantFrom("", "", "-x", ".v"))
    .map(([width, stem, suffix]) => `${stem.padEnd(width, "q").slice(0, width)}${suffix}`);
  const description = fc.option(fc.stringMatching(/^[A-Za-z0-9 ,.:;'"`()éß—-]{1,120}(\n[A-Za-z0-9 ,.'"]{1,60})?$/), { nil: null });

  for (const [protocol, guidance] of protocols) {
    it(`prints every per-tool file exactly as Prettier ${prettier.version} does (${protocol}${guidance ? " + guidance" : ""}, random names, descriptions and options)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.record({ name: toolName, description }), { minLength: 3, maxLength: 8, selector: (t) => t.name.replace(/[^a-z0-9]/g, "") }),
          prettierOptions,
          async (tools, options) => {
            const root = projectRoot();
            await put(root, ".prettierrc", JSON.stringify(options));
            const files = perToolFiles(root, protocol, guidance, tools);
            const out = await createFormatter({ enabled: true }).format(files);
            const expected = await direct(files, options, prettier);
            for (const [path, text] of expected) expect(out.get(path), path).toBe(text);
          },
        ),
        { numRuns },
      );
    }, 120_000);
  }
}
