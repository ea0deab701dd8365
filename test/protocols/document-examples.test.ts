import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../src/package-root.js";
import { parseAcor, validateAcor } from "../../src/protocols/acor/runtime.js";
import { envelopeSchema as acorSchema } from "../../src/protocols/acor/schema.js";
import { parseAop, validateAop } from "../../src/protocols/aop/runtime.js";
import { envelopeSchema as aopSchema } from "../../src/protocols/aop/schema.js";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { validateAORP, type AORPVariant } from "../../src/protocols/aorp/runtime.js";
import { guidanceProtocol } from "../../src/protocols/guidance/index.js";
import { validateGuidance, validateGuidanceEnvelope } from "../../src/protocols/guidance/runtime.js";
import { envelopeSchema as guidanceSchema, guidanceObjectSchema } from "../../src/protocols/guidance/schema.js";
import type { JsonSchema, ProtocolId, ValidationProblem } from "../../src/protocols/protocol.js";
import { validateSmartResponseV2At } from "../../src/protocols/smart-v2/runtime.js";
import { envelopeSchema as smartSchema } from "../../src/protocols/smart-v2/schema.js";
import { documentTools as aorpTools } from "./aorp/fixtures.js";
import { documentTools as guidanceTools } from "./guidance/fixtures.js";
import { documentBlocks, innerBlock, literalValue, type DocumentBlock } from "./shared/document-blocks.js";

/**
 * Every code block of the five protocol documents is an example that validates, or is listed as
 * notation (a type declaration, a grammar, code, a diagram, instructions) with the reason. The
 * blocks are read from the documents themselves (`fixtures/protocols/<id>/document.txt`, copies
 * of ../shared/protocols/), so a block the list forgets fails here. Each protocol's
 * `document-blocks.json` says, per block, how it is checked: as the output it shows (directly, from
 * the document's text), or through the instance a notation block describes.
 */

interface BlockOutput {
  /** The example fixture extracted from the block; it must be the block's content. */
  fixture?: string;
  /** A nested block (by the line of its opening fence) is the output, not the whole block. */
  inner?: number;
  /** How the block's text reads as a value: a literal, object properties, literals one after another, a Python `return`. */
  wrap?: "value" | "properties" | "sequence" | "python-return";
  /** `[...]`, `{...}` and lines of `...` stand for omitted content: empty, and dropped. */
  elide?: boolean;
  /** JSON pointer into the value: the part that is the example. */
  select?: string;
  /** SmartResponseV2: where in the envelope the example sits. */
  at?: string;
  /** Guidance and AORP: what the value is (an envelope, a guidance object, a field, next steps). */
  as?: string;
  tools?: string[];
  /** What the validator reports of the block as printed (a documented defect), else nothing. */
  problems?: ValidationProblem[];
  why?: string;
}

interface BlockEntry {
  lines: [number, number];
  heading: string;
  output?: BlockOutput;
  notation?: string;
  /** A notation block printed as output: the malformed fixture holding it, with its exact problems. */
  reported?: string;
  /** The fixture a notation block (an interface, a sketch) describes, which must validate. */
  instance?: { file: string; variant?: string; at?: string };
}

const DOCUMENTS: Record<ProtocolId, string> = {
  aorp: "000_c137f37743b4bc32.txt",
  aop: "001_43c73cb4d2ed9d91.txt",
  "smart-v2": "002_db69e37dacead5ab.txt",
  acor: "003_ebac3434731d4ea4.txt",
  guidance: "004_48630b0786837e06.txt",
};
const PROTOCOLS = Object.keys(DOCUMENTS) as ProtocolId[];
const fixtures = join(packageRoot, "fixtures", "protocols");
const readText = (protocol: ProtocolId, file: string): string => readFileSync(join(fixtures, protocol, file), "utf8");
const readJson = (protocol: ProtocolId, file: string): unknown => JSON.parse(readText(protocol, file)) as unknown;
const ajv = new Ajv2020({ strict: false });

function pointer(value: unknown, path: string | undefined): unknown {
  if (path === undefined || path === "") return value;
  return path
    .slice(1)
    .split("/")
    .reduce<unknown>((current, key) => (current as Record<string, unknown>)[key], value);
}

function outputText(block: DocumentBlock, output: BlockOutput): string {
  return (output.inner === undefined ? block.lines : innerBlock(block, output.inner)).join("\n");
}

function outputValue(text: string, output: BlockOutput): unknown {
  let source = text;
  if (output.elide === true) {
    source = source
      .replace(/\[\.\.\.\]/g, "[]")
      .replace(/\{\.\.\.\}/g, "{}")
      .split("\n")
      .filter((line) => !/^\s*\.\.\.,?\s*$/.test(line))
      .join("\n");
  }
  switch (output.wrap ?? "value") {
    case "value":
      return literalValue(source);
    case "properties":
      return literalValue(`{\n${source}\n}`);
    case "sequence":
      // Object literals one after another, each under its comment: a list of them.
      return literalValue(`[\n${source.replace(/\}(\s*(?:\/\/[^\n]*\s*)*)\{/g, "},$1{")}\n]`);
    case "python-return":
      return literalValue(source.slice(source.indexOf("return ") + "return ".length));
  }
}

/** A part of the SmartResponseV2 schema, by envelope pointer. */
function smartSubSchema(path: string): JsonSchema {
  let schema = smartSchema();
  for (const key of path.split("/").slice(1)) schema = (schema["properties"] as Record<string, JsonSchema>)[key] ?? {};
  return schema;
}

const minimalGuidance = { current_state: "task_initialization", next_action: "Call get_phase_status", available_actions: [] };

/** Checks one output block of a protocol's document, as that protocol reads it. */
const checkOutput: Record<ProtocolId, (text: string, output: BlockOutput) => void> = {
  aop(text, output) {
    expect(validateAop(text)).toEqual(output.problems ?? []);
    expect(ajv.compile(aopSchema())({ blocks: parseAop(text).blocks })).toBe(true);
  },
  acor(text, output) {
    expect(validateAcor(text)).toEqual(output.problems ?? []);
    expect(ajv.compile(acorSchema())({ messages: parseAcor(text).messages })).toBe(true);
  },
  guidance(text, output) {
    const value = outputValue(text, output);
    const tools = output.tools ?? guidanceTools;
    for (const strict of [false, true]) {
      if (output.as === "envelope") {
        expect(validateGuidanceEnvelope(value, { tools, strict })).toEqual([]);
        expect(guidanceProtocol.validate(value, { tools, strict })).toEqual([]);
        expect(ajv.compile(guidanceSchema({ strict }))(value)).toBe(true);
      } else {
        const guidance = output.as === "guidance" ? value : { ...minimalGuidance, [output.as ?? ""]: value };
        expect(validateGuidance(guidance, { tools, strict })).toEqual([]);
        expect(ajv.compile(guidanceObjectSchema({ strict }))(guidance)).toBe(true);
      }
    }
  },
  "smart-v2"(text, output) {
    const value = pointer(outputValue(text, output), output.select);
    const problems = output.problems ?? [];
    expect(validateSmartResponseV2At(output.at ?? "", value)).toEqual(problems);
    expect(ajv.compile(smartSubSchema(output.at ?? ""))(value)).toBe(problems.length === 0);
  },
  aorp(text, output) {
    expect(output.as).toBe("next-steps");
    // generate_next_steps' returned lists, each as the next steps of an otherwise valid envelope.
    const lists = [...text.matchAll(/return (\[[\s\S]*?\])/g)].map((match) => literalValue(match[1] ?? "[]"));
    expect(lists).toHaveLength(4);
    const fixtureLists = readdirSync(join(fixtures, "aorp", "examples"))
      .filter((name) => name.startsWith("next-steps-"))
      .map((name) => readJson("aorp", `examples/${name}`));
    expect(new Set(lists.map((list) => JSON.stringify(list)))).toEqual(new Set(fixtureLists.map((list) => JSON.stringify(list))));
    for (const list of lists) {
      const envelope = readJson("aorp", "examples/universal-build-aorp-response.json") as { actionable: { next_steps: unknown } };
      envelope.actionable.next_steps = list;
      expect(validateAORP(envelope, { tools: aorpTools }), JSON.stringify(list)).toEqual([]);
    }
  },
};

/** Checks the fixture a notation block describes. */
function checkInstance(protocol: ProtocolId, instance: NonNullable<BlockEntry["instance"]>): void {
  const value = readJson(protocol, instance.file);
  if (protocol === "aorp") {
    expect(validateAORP(value, { tools: aorpTools, ...(instance.variant ? { variant: instance.variant as AORPVariant } : {}) })).toEqual([]);
    expect(aorpProtocol.validate(value, { tools: aorpTools, ...(instance.variant ? { variant: instance.variant } : {}) })).toEqual([]);
  } else if (protocol === "smart-v2") {
    expect(validateSmartResponseV2At(instance.at ?? "", value)).toEqual([]);
  } else {
    throw new Error(`no instance check for ${protocol}`);
  }
}

/** The prose literals of a type declaration ("... - Discover hidden patterns"): example content its instance must carry. */
function proseLiterals(text: string): string[] {
  return [...text.matchAll(/"([^"\n]*)"/g)].map((match) => match[1] ?? "").filter((literal) => /\s/.test(literal));
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe.each(PROTOCOLS)("the %s document's examples", (protocol) => {
  const blocks = documentBlocks(readText(protocol, "document.txt"));
  const entries = readJson(protocol, "document-blocks.json") as BlockEntry[];

  it("lists every code block of the document, as output or as notation with its reason", () => {
    expect(entries.map((entry) => [entry.lines, entry.heading])).toEqual(blocks.map((block) => [[block.from, block.to], block.heading]));
    for (const entry of entries) {
      expect(entry.output !== undefined || (entry.notation ?? "").length > 20, `lines ${entry.lines.join("-")}`).toBe(true);
    }
  });

  const outputs = entries.flatMap((entry, index) =>
    entry.output ? [[`lines ${entry.lines.join("-")}, ${entry.heading}`, blocks[index], entry.output] as const] : [],
  );
  if (outputs.length > 0) {
    it.each(outputs)("%s: validates as output", (_name, block, output) => {
      if (block === undefined) throw new Error("the block list is checked above");
      const text = outputText(block, output);
      checkOutput[protocol](text, output);
      if (output.fixture !== undefined) {
        const fixture = readText(protocol, output.fixture);
        // The example fixture is the block, as a value or as text.
        if (output.fixture.endsWith(".json")) expect(JSON.parse(fixture)).toEqual(pointer(outputValue(text, output), output.select));
        else expect(fixture.trimEnd()).toBe(text.trimEnd());
      }
    });
  }

  const reported = entries.flatMap((entry, index) =>
    entry.reported ? [[`lines ${entry.lines.join("-")}, ${entry.heading}`, blocks[index], entry.reported] as const] : [],
  );
  if (reported.length > 0) {
    it.each(reported)("%s: printed as output, reports its exact problems", (_name, block, file) => {
      if (block === undefined) throw new Error("the block list is checked above");
      const text = readText(protocol, file);
      expect(text.trimEnd()).toBe(block.lines.join("\n").trimEnd());
      const expected = readJson(protocol, file.replace(/\.(md|txt)$/, ".expected.json"));
      expect(protocol === "aop" ? validateAop(text) : validateAcor(text)).toEqual(expected);
    });
  }

  const instances = entries.flatMap((entry, index) =>
    entry.instance ? [[`lines ${entry.lines.join("-")}, ${entry.heading}`, blocks[index], entry.instance] as const] : [],
  );
  if (instances.length > 0) {
    it.each(instances)("%s: the instance it describes validates", (_name, block, instance) => {
      if (block === undefined) throw new Error("the block list is checked above");
      checkInstance(protocol, instance);
      // A variant's literals are example content (AORP decision 6): its instance carries each one.
      if (instance.variant !== undefined) {
        const carried = new Set(strings(readJson(protocol, instance.file)));
        expect(proseLiterals(block.lines.join("\n")).filter((literal) => !carried.has(literal))).toEqual([]);
      }
    });
  }
});

describe("the documents", () => {
  const shared = join(packageRoot, "..", "shared", "protocols");
  it.skipIf(!existsSync(shared))("are copies of ../shared/protocols/, byte for byte", () => {
    for (const protocol of PROTOCOLS) {
      expect(readText(protocol, "document.txt"), protocol).toBe(readFileSync(join(shared, DOCUMENTS[protocol]), "utf8"));
    }
  });
});
