import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aopFinal, aopIntermediate, parseAop, renderAopAttributeValue, validateAop } from "../../../src/protocols/aop/runtime.js";
import { envelopeSchema } from "../../../src/protocols/aop/schema.js";

/**
 * Decision 3: the document's regex (`[^=]+=[^=|\s]+`) drops every marker whose attribute value
 * holds `=` or a space. Values are quoted with backslash escapes instead, and must round-trip.
 */

function roundTrip(value: string): string | undefined {
  const text = aopIntermediate({ content: "rows", attributes: { source: value, extra: { note: value } } });
  const { blocks, problems } = parseAop(text);
  expect(problems).toEqual([]);
  expect(blocks[0]?.attributes["note"]).toBe(blocks[0]?.attributes["source"]);
  return blocks[0]?.attributes["source"];
}

const trickyValues = [
  "",
  " ",
  "two words",
  "https://x.com/a?b=c",
  "a=b=c",
  "===",
  "x ===",
  "=== END-AOP-INTERMEDIATE ===",
  "a | b",
  "|",
  '"',
  '"quoted"',
  "\\",
  "C:\\docs\\new",
  '\\"',
  "trailing backslash\\",
  "line\nbreak",
  "\r\n",
  "\ttab",
  "\u0000\u001f\u007f\u0085",
  "\u2028\u2029",
  "naïve café — 東京 🚀",
  "\ud83d",
  "\ude80 lone low",
  "\\u0041 looks like an escape",
  "<total_lines>",
  "{doc_dir}",
  "   padded   ",
];

describe("AOP attribute values", () => {
  it.each(trickyValues.map((value) => [JSON.stringify(value), value]))("round-trips %s exactly", (_label, value) => {
    expect(roundTrip(value)).toBe(value);
  });

  it("round-trips any UTF-16 string, lone surrogates included", () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ unit: anyCodeUnit, maxLength: 40 }), (value) => roundTrip(value) === value),
      { numRuns: 2000 },
    );
  });

  it("round-trips strings built from the characters that matter to the syntax", () => {
    const syntax = fc.constantFrom("=", "|", " ", '"', "\\", "\n", "\r", "\t", "u", "0", "a", "é", "🚀", "===");
    fc.assert(
      fc.property(fc.array(syntax, { maxLength: 30 }), (parts) => roundTrip(parts.join("")) === parts.join("")),
      { numRuns: 2000 },
    );
  });

  it("keeps every marker on one line and quotes whatever is not plain ASCII without =", () => {
    const anything = fc.string({ unit: "binary", maxLength: 40 });
    fc.assert(
      fc.property(anything, (value) => {
        const rendered = renderAopAttributeValue(value);
        return !/[\n\r\u2028\u2029]/.test(rendered) && (rendered === value) === /^[A-Za-z0-9._~:/?#@!$&'()*+,;%<>{}[\]^-]+$/.test(value);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes the document's values bare and quotes the ones its regex drops", () => {
    expect(renderAopAttributeValue("doc-retriever")).toBe("doc-retriever");
    expect(renderAopAttributeValue("https://example.com")).toBe("https://example.com");
    expect(renderAopAttributeValue("https://x.com/a?b=c")).toBe('"https://x.com/a?b=c"');
    expect(renderAopAttributeValue("my docs")).toBe('"my docs"');
    expect(renderAopAttributeValue('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(renderAopAttributeValue("a\nb\u2028\ud83d")).toBe('"a\\nb\\u2028\\ud83d"');
    expect(renderAopAttributeValue("")).toBe('""');
  });

  it("parses a bare value holding = by splitting at the first =, the marker the document's regex misses", () => {
    const text = "=== AOP-INTERMEDIATE | agent=crawler | source=https://x.com/a?b=c ===\nrows\n=== END-AOP-INTERMEDIATE ===";
    expect(parseAop(text)).toEqual({
      blocks: [{ type: "INTERMEDIATE", attributes: { agent: "crawler", source: "https://x.com/a?b=c" }, content: "rows", children: [], line: 1, endLine: 3 }],
      problems: [],
    });
  });

  it("parses quoted values, \\u escapes and loose spacing around |", () => {
    const text = '=== AOP-STREAM|source="a | b"  |note="\\u00e9\\t\\"x\\""   ===\nchunk\n=== END-AOP-STREAM ===';
    expect(parseAop(text).blocks[0]?.attributes).toEqual({ source: "a | b", note: 'é\t"x"' });
  });

  it("ignores trailing whitespace and a carriage return on marker lines", () => {
    const text = "=== AOP-STREAM | agent=x ===  \r\nchunk\r\n=== END-AOP-STREAM ===\t\r\n";
    expect(validateAop(text)).toEqual([]);
    expect(parseAop(text).blocks[0]?.content).toBe("chunk\r");
  });
});

describe("typed AOP attributes (decisions 4 and 5)", () => {
  it("writes the typed attributes in the document's order, then extra ones in insertion order", () => {
    const text = aopFinal({
      content: "answer",
      attributes: {
        extra: { query: "hooks", page: "2" },
        sources: 3,
        code: "OK",
        confidence: 0.92,
        version: "v1.2.3",
        source: "https://example.com",
        lines: 450,
        format: "markdown",
        agent: "doc-qa-agentic",
      },
    });
    expect(text.split("\n")[0]).toBe(
      "=== AOP-FINAL | agent=doc-qa-agentic | format=markdown | lines=450 | source=https://example.com | version=v1.2.3 | confidence=0.92 | code=OK | sources=3 | query=hooks | page=2 ===",
    );
  });

  it("clamps confidence to 0..1 and rejects NaN", () => {
    const confidenceOf = (confidence: number) => parseAop(aopIntermediate({ content: "x", attributes: { confidence } })).blocks[0]?.attributes["confidence"];
    expect([confidenceOf(1.7), confidenceOf(-0.2), confidenceOf(Infinity), confidenceOf(0.85)]).toEqual(["1", "0", "1", "0.85"]);
    expect(() => aopIntermediate({ content: "x", attributes: { confidence: NaN } })).toThrow(
      new RangeError("AOP attribute confidence must be a number, got NaN"),
    );
  });

  it("writes tiny confidences as decimal numerals, never in exponent notation, so they validate", () => {
    for (const [confidence, written] of [
      [1e-7, "0.0000001"],
      [5e-324, "0"],
      [0.000001, "0.000001"],
    ] as const) {
      const text = aopIntermediate({ content: "x", attributes: { confidence } });
      expect(parseAop(text).blocks[0]?.attributes["confidence"]).toBe(written);
      expect(validateAop(text)).toEqual([]);
    }
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (confidence) => {
        expect(validateAop(aopIntermediate({ content: "x", attributes: { confidence } }))).toEqual([]);
      }),
    );
  });

  it("refuses counts that are not non-negative integers", () => {
    expect(() => aopIntermediate({ content: "x", attributes: { lines: 2.5 } })).toThrow(
      new RangeError("AOP attribute lines must be a non-negative integer, got 2.5"),
    );
    expect(() => aopIntermediate({ content: "x", attributes: { sources: -1 } })).toThrow(
      new RangeError("AOP attribute sources must be a non-negative integer, got -1"),
    );
  });

  it("refuses extra attribute names that are malformed or shadow a typed one", () => {
    expect(() => aopIntermediate({ content: "x", attributes: { extra: { "two words": "v" } } })).toThrow(
      new RangeError('AOP attribute name "two words" is not [A-Za-z][A-Za-z0-9_-]*'),
    );
    expect(() => aopIntermediate({ content: "x", attributes: { extra: { agent: "v" } } })).toThrow(
      new RangeError("AOP attribute agent is typed: set it directly, not in extra"),
    );
  });

  const marker = (attributes: string) => `=== AOP-INTERMEDIATE | ${attributes} ===\nrows\n=== END-AOP-INTERMEDIATE ===`;

  it("validates typed values but accepts whole template placeholders", () => {
    expect(validateAop(marker("confidence=0 | lines=0 | sources=12"))).toEqual([]);
    expect(validateAop(marker("confidence=1.0 | lines=<total_lines> | sources={n}"))).toEqual([]);
    expect(validateAop(marker("confidence=high"))).toEqual([{ path: "", line: 1, message: 'attribute confidence must be a number from 0 to 1, got "high"' }]);
    expect(validateAop(marker('confidence="-0.5"'))).toEqual([{ path: "", line: 1, message: 'attribute confidence must be a number from 0 to 1, got "-0.5"' }]);
    expect(validateAop(marker("lines=<total_lines>x"))).toEqual([
      { path: "", line: 1, message: 'attribute lines must be a non-negative integer, got "<total_lines>x"' },
    ]);
  });

  it("judges attribute values of complete blocks only: an unknown or unclosed block reports that alone", () => {
    expect(validateAop("=== AOP-RESULT | confidence=2 ===\nrows\n=== END-AOP-RESULT ===")).toEqual([
      { path: "", line: 1, message: 'unknown AOP marker type "RESULT" (expected FINAL, INTERMEDIATE, STREAM, ERROR or CONTEXT)' },
    ]);
    expect(validateAop("=== AOP-INTERMEDIATE | lines=many ===\nrows")).toEqual([
      { path: "", line: 1, message: "AOP-INTERMEDIATE block is never closed (expected === END-AOP-INTERMEDIATE ===)" },
    ]);
    expect(validateAop("=== AOP-INTERMEDIATE | lines=many ===\nrows\n=== END-AOP-INTERMEDIATE ===")).toEqual([
      { path: "", line: 1, message: 'attribute lines must be a non-negative integer, got "many"' },
    ]);
  });

  it("judges a value by its text, not by the number it rounds to (decision 5)", () => {
    // 1.0000000000000000001 parses to exactly 1, but the numeral says more than 1.
    expect(validateAop(marker("confidence=1.0000000000000000001"))).toEqual([
      { path: "", line: 1, message: 'attribute confidence must be a number from 0 to 1, got "1.0000000000000000001"' },
    ]);
    expect(validateAop(marker("confidence=0.99999999999999999999 | confidence2=1.5"))).toEqual([]);
    // 99999999999999999999 is no safe integer, but it is a count written in digits.
    expect(validateAop(marker("lines=99999999999999999999 | sources=007"))).toEqual([]);
    // The JSON Schema of the parsed document says the same of each.
    const schemaAccepts = new Ajv2020({ strict: true }).compile(envelopeSchema());
    const verdicts = ["confidence=1.0000000000000000001", "confidence=0.99999999999999999999", "lines=99999999999999999999"].map((attribute) => [
      validateAop(marker(attribute)).length === 0,
      schemaAccepts({ blocks: parseAop(marker(attribute)).blocks }),
    ]);
    expect(verdicts).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
  });
});
