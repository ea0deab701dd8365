import { describe, expect, it } from "vitest";
import {
  AOP_FINAL_INSTRUCTION,
  aopError,
  aopFinal,
  aopIntermediate,
  aopJoin,
  aopStream,
  parseAop,
  toCallToolResult,
  validateAop,
} from "../../../src/protocols/aop/runtime.js";

/**
 * Decision 1: blocks nest like elements. The document's sample validator accepts any output in
 * which some END marker exists for each opening marker, wherever it is; these outputs all pass it.
 */
const lines = (...parts: string[]) => parts.join("\n");

describe("AOP nesting (document bug: END accepted anywhere)", () => {
  it("reports an END before its opening marker, with its line", () => {
    const text = lines("=== END-AOP-STREAM ===", "=== AOP-STREAM ===", "chunk", "=== END-AOP-STREAM ===");
    expect(validateAop(text)).toEqual([{ path: "", line: 1, message: "END-AOP-STREAM without an open AOP-STREAM block" }]);
  });

  it("reports an END that matches no open block as mismatched, and keeps the open block open", () => {
    const text = lines("=== AOP-INTERMEDIATE ===", "rows", "=== END-AOP-ERROR ===", "=== END-AOP-INTERMEDIATE ===");
    expect(validateAop(text)).toEqual([{ path: "", line: 3, message: "END-AOP-ERROR does not match the innermost open block AOP-INTERMEDIATE (line 1)" }]);
    expect(parseAop(text).blocks.map((block) => [block.type, block.content])).toEqual([["INTERMEDIATE", "rows\n=== END-AOP-ERROR ==="]]);
  });

  it("reports crossed blocks once, at the END that closes the outer block too early", () => {
    const text = lines("=== AOP-INTERMEDIATE ===", "=== AOP-STREAM ===", "chunk", "=== END-AOP-INTERMEDIATE ===", "=== END-AOP-STREAM ===");
    expect(validateAop(text)).toEqual([
      {
        path: "",
        line: 4,
        message: "END-AOP-INTERMEDIATE closes AOP-INTERMEDIATE (line 1) while AOP-STREAM (line 2) is still open inside it",
      },
    ]);
  });

  it("reports every block left open at the end, at its opening line", () => {
    const text = lines("=== AOP-INTERMEDIATE ===", "=== AOP-STREAM ===", "chunk");
    expect(validateAop(text)).toEqual([
      { path: "", line: 1, message: "AOP-INTERMEDIATE block is never closed (expected === END-AOP-INTERMEDIATE ===)" },
      { path: "", line: 2, message: "AOP-STREAM block is never closed (expected === END-AOP-STREAM ===)" },
    ]);
  });

  it("keeps blocks finished inside an unclosed block, one level up", () => {
    const text = lines("=== AOP-INTERMEDIATE ===", "=== AOP-STREAM ===", "chunk", "=== END-AOP-STREAM ===");
    expect(parseAop(text).blocks.map((block) => [block.type, block.line, block.endLine])).toEqual([["STREAM", 2, 4]]);
  });

  it("accepts properly nested blocks and parses them as a tree", () => {
    const inner = aopFinal({ content: "verbatim answer", attributes: { agent: "doc-qa-agentic" } });
    const text = aopIntermediate({ content: `Sub-agent result:\n${inner}\nSummary follows.` });
    expect(validateAop(text)).toEqual([]);
    const [outer] = parseAop(text).blocks;
    expect(outer?.type).toBe("INTERMEDIATE");
    expect(outer?.content).toBe(`Sub-agent result:\n${inner}\nSummary follows.`);
    expect(outer?.children).toEqual([
      {
        type: "FINAL",
        attributes: { agent: "doc-qa-agentic" },
        content: "verbatim answer",
        children: [],
        line: 3,
        endLine: 6,
      },
    ]);
    expect(text.split("\n")[3]).toBe(AOP_FINAL_INSTRUCTION);
  });

  it("lets a block nest inside a block of its own type, closing the innermost first", () => {
    const text = aopStream({ content: aopStream({ content: "inner" }) });
    expect(validateAop(text)).toEqual([]);
    const [outer] = parseAop(text).blocks;
    expect([outer?.line, outer?.endLine, outer?.children[0]?.line, outer?.children[0]?.endLine]).toEqual([1, 5, 2, 4]);
  });

  it("treats an indented marker line as content (decision 2)", () => {
    const text = lines("=== AOP-INTERMEDIATE ===", "Quoting the syntax:", "    === END-AOP-FINAL ===", "=== END-AOP-INTERMEDIATE ===");
    expect(validateAop(text)).toEqual([]);
    expect(parseAop(text).blocks[0]?.children).toEqual([]);
  });

  it("marks only a top-level ERROR as an error result (decision 10)", () => {
    const quotedError = aopIntermediate({ content: aopError({ content: "sub-agent timed out" }) });
    expect(toCallToolResult(quotedError).isError).toBeUndefined();
    expect(toCallToolResult(aopJoin(aopStream({ content: "partial" }), aopError({ content: "stream broke" }))).isError).toBe(true);
  });
});
