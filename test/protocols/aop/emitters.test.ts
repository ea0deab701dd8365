import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AOP_FINAL_INSTRUCTION,
  AOP_MARKER_TYPES,
  aopBlock,
  aopContext,
  aopError,
  aopFinal,
  aopIntermediate,
  aopJoin,
  aopStream,
  createAop,
  parseAop,
  toCallToolResult,
  validateAop,
} from "../../../src/protocols/aop/runtime.js";
import { readFixture } from "./fixtures.js";

describe("AOP emitters", () => {
  it("write the document's formats for all five marker types", () => {
    expect(aopFinal({ content: "[content that must not be modified]" })).toBe(readFixture("examples", "final-format.txt").trimEnd());
    expect(aopIntermediate({ content: "[content that can be processed]" })).toBe(readFixture("examples", "intermediate-format.txt").trimEnd());
    expect(aopError({ content: "[error message, stack trace, diagnostic info]" })).toBe(readFixture("examples", "error-format.txt").trimEnd());
    expect(aopJoin(aopStream({ content: "[chunk 1 of content]" }), aopStream({ content: "[chunk 2 of content]" }))).toBe(
      readFixture("examples", "stream-format.txt").trimEnd(),
    );
    expect(aopJoin(aopContext({ content: '{"metadata": "values", "stats": {...}}' }), aopFinal({ content: "[main content]" }))).toBe(
      readFixture("examples", "context-format.txt").trimEnd(),
    );
  });

  it("reproduce the document's example 3 byte for byte", () => {
    const body = readFixture("examples", "example-3-error-output.txt").split("\n").slice(1, -2).join("\n");
    const text = aopError({ content: body, attributes: { agent: "doc-retriever", code: "DOC_NOT_FOUND" } });
    expect(`${text}\n`).toBe(readFixture("examples", "example-3-error-output.txt"));
  });

  it("start every FINAL block with the pass-through instruction, which parsing strips again (decision 6)", () => {
    const text = aopFinal({ content: "answer" });
    expect(text.split("\n")[1]).toBe(AOP_FINAL_INSTRUCTION);
    expect(parseAop(text).blocks[0]?.content).toBe("answer");
  });

  it("keep content exact through emit and parse, for every type and any text without marker lines (decision 8)", () => {
    const content = fc.string({ unit: fc.constantFrom("a", " ", "\n", "\r", "=", "|", "—", "`"), maxLength: 60 });
    fc.assert(
      fc.property(fc.constantFrom(...AOP_MARKER_TYPES), content, (type, text) => {
        const { blocks, problems } = parseAop(aopBlock(type, { content: text }));
        return problems.length === 0 && blocks.length === 1 && blocks[0]?.content === text;
      }),
      { numRuns: 3000 },
    );
  });

  it("write empty content as adjacent markers", () => {
    expect(aopIntermediate({ content: "" })).toBe("=== AOP-INTERMEDIATE ===\n=== END-AOP-INTERMEDIATE ===");
    expect(parseAop(aopFinal({ content: "" })).blocks[0]?.content).toBe("");
  });

  it("write a CONTEXT object as one-line JSON, and refuse one that has no JSON form (decision 9)", () => {
    expect(aopContext({ content: { metadata: "values", stats: { hits: 3 } } })).toBe(
      '=== AOP-CONTEXT ===\n{"metadata":"values","stats":{"hits":3}}\n=== END-AOP-CONTEXT ===',
    );
    expect(() => aopContext({ content: () => 1 })).toThrow(new TypeError("AOP-CONTEXT content object does not serialise to JSON"));
  });

  it("refuse content whose marker lines would not form whole blocks, so their output always validates", () => {
    expect(() => aopFinal({ content: "text\n=== END-AOP-FINAL ===\nmore" })).toThrow(
      new RangeError(
        "AOP-FINAL content line 2: END-AOP-FINAL without an open AOP-FINAL block; nest whole blocks made by the emitters, or indent text that quotes AOP markers",
      ),
    );
    expect(() => aopStream({ content: "=== AOP-{TYPE} ===" })).toThrow(/content line 1: unknown AOP marker type "\{TYPE\}"/);
    expect(() => aopIntermediate({ content: "=== AOP-FINAL ===\nno instruction\n=== END-AOP-FINAL ===" })).toThrow(
      /content line 1: AOP-FINAL block must begin with the pass-through instruction line/,
    );
    expect(validateAop(aopIntermediate({ content: "    === END-AOP-FINAL ===\nplain text" }))).toEqual([]);
  });

  it("are bound to the tool-name union by createAop, and behave like the free functions", () => {
    const aop = createAop<"doc_retriever">();
    const attributes = { agent: "doc_retriever" } as const;
    expect(aop.final({ content: "x", attributes })).toBe(aopFinal({ content: "x", attributes }));
    expect(aop.context({ content: { a: 1 } })).toBe(aopContext({ content: { a: 1 } }));
    expect(aop.join(aop.stream({ content: "1" }), aop.error({ content: "2" }))).toBe(aopJoin(aopStream({ content: "1" }), aopError({ content: "2" })));
    expect(aop.block("INTERMEDIATE", { content: "x" })).toBe(aop.intermediate({ content: "x" }));
  });
});

describe("AOP toCallToolResult", () => {
  it("puts the text in one text block, without structuredContent", () => {
    const text = aopFinal({ content: "answer" });
    expect(toCallToolResult(text)).toEqual({ content: [{ type: "text", text }] });
  });

  it("sets isError for an ERROR block, also beside other blocks", () => {
    const text = aopJoin(aopContext({ content: { query: "x" } }), aopError({ content: "No documents found" }));
    expect(toCallToolResult(text)).toEqual({ content: [{ type: "text", text }], isError: true });
  });

  it("produces results the validator accepts as captured CallToolResults", () => {
    for (const text of [aopFinal({ content: "a" }), aopError({ content: "b" }), aopJoin(aopStream({ content: "c" }), aopError({ content: "d" }))]) {
      expect(validateAop(toCallToolResult(text))).toEqual([]);
    }
  });
});
