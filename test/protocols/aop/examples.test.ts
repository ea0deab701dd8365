import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parseAop, validateAop } from "../../../src/protocols/aop/runtime.js";
import { envelopeSchema } from "../../../src/protocols/aop/schema.js";
import { exampleFiles, readFixture } from "./fixtures.js";

const examples = exampleFiles();
const validateParsed = new Ajv2020({ strict: true, allErrors: true }).compile(envelopeSchema());

describe("the AOP document's examples", () => {
  it("are all extracted: the five marker formats, the attribute example, the agent guide, migration, after, examples 1-3", () => {
    expect(examples).toEqual([
      "before-after-after.txt",
      "context-format.txt",
      "error-format.txt",
      "example-1-document-retrieval.txt",
      "example-2-qa-result.txt",
      "example-3-error-output.txt",
      "final-format.txt",
      "intermediate-format.txt",
      "migration-wrap-final-outputs.txt",
      "step-3-wrap-output.txt",
      "stream-format.txt",
      "with-attributes-example.txt",
    ]);
  });

  it.each(examples)("%s validates with no problems", (name) => {
    expect(validateAop(readFixture("examples", name))).toEqual([]);
  });

  it.each(examples)("%s parses into a value the parsed-document schema accepts", (name) => {
    const { blocks } = parseAop(readFixture("examples", name));
    expect(blocks.length).toBeGreaterThan(0);
    expect(validateParsed({ blocks }), JSON.stringify(validateParsed.errors)).toBe(true);
  });

  it("parses example 1 with its placeholders kept as written (decision 5)", () => {
    const [block] = parseAop(readFixture("examples", "example-1-document-retrieval.txt")).blocks;
    expect(block?.type).toBe("FINAL");
    expect(block?.attributes).toEqual({ agent: "doc-retriever", format: "markdown", lines: "<total_lines>", source: "{doc_dir}" });
    expect(block?.content.startsWith("\n# Agent Skills\n")).toBe(true);
    expect(block?.content.endsWith("**Document Set:** Claude_Code_Docs:latest\n")).toBe(true);
  });

  it("reads the STREAM format as two chunks and the CONTEXT format as context then FINAL", () => {
    expect(parseAop(readFixture("examples", "stream-format.txt")).blocks.map((block) => block.content)).toEqual([
      "[chunk 1 of content]",
      "[chunk 2 of content]",
    ]);
    expect(parseAop(readFixture("examples", "context-format.txt")).blocks.map((block) => [block.type, block.content])).toEqual([
      ["CONTEXT", '{"metadata": "values", "stats": {...}}'],
      ["FINAL", "[main content]"],
    ]);
  });
});
