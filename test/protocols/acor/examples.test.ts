import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parseAcor, validateAcor } from "../../../src/protocols/acor/runtime.js";
import { envelopeSchema } from "../../../src/protocols/acor/schema.js";
import { exampleFiles, readFixture } from "./fixtures.js";

const examples = exampleFiles();
const validateParsed = new Ajv2020({ strict: true, allErrors: true }).compile(envelopeSchema());

describe("the ACOR document's examples", () => {
  it("are all extracted: the seven message types, the three forms of Input Needed, the complete example's two runs", () => {
    expect(examples).toEqual([
      "ai-directives.md",
      "complete-example-first-run.md",
      "complete-example-second-run.md",
      "error-messages.md",
      "input-needed-alternative-approaches.md",
      "input-needed-multiple-parameters.md",
      "input-needed-single-parameter.md",
      "output-results.md",
      "progress-updates.md",
      "status-messages.md",
      "suggestions.md",
    ]);
  });

  it.each(examples)("%s validates with no problems", (name) => {
    expect(validateAcor(readFixture("examples", name))).toEqual([]);
  });

  it.each(examples)("%s parses into a value the parsed-document schema accepts", (name) => {
    const { messages } = parseAcor(readFixture("examples", name));
    expect(messages.length).toBeGreaterThan(0);
    expect(validateParsed({ messages }), JSON.stringify(validateParsed.errors)).toBe(true);
  });

  it("reads the complete example's message types in order", () => {
    expect(parseAcor(readFixture("examples", "complete-example-first-run.md")).messages.map((message) => message.type)).toEqual([
      "Status",
      "Progress",
      "Progress",
      "Input Needed",
    ]);
    expect(parseAcor(readFixture("examples", "complete-example-second-run.md")).messages.map((message) => message.type)).toEqual([
      "Status",
      "Progress",
      "Progress",
      "Status",
      "Output",
      "Output",
      "Suggestions",
      "AI Directive",
    ]);
  });

  it("parses Output Data's JSON, Error's Details and Recovery, and Input Needed's one command", () => {
    const output = parseAcor(readFixture("examples", "output-results.md")).messages;
    expect(output.map((message) => (message.type === "Output" ? [message.label, message.data] : []))).toEqual([
      [undefined, undefined],
      ["Data", { processed: 1000, errors: 3, duration: "45s" }],
      ["Files", undefined],
    ]);
    const [, invalidFormat] = parseAcor(readFixture("examples", "error-messages.md")).messages;
    expect(invalidFormat).toEqual({
      type: "Error",
      line: 6,
      body: "The input file is not valid JSON\n\n**Details**: Unexpected token at line 23, column 15\n**Recovery**: Fix JSON syntax or use --validate to check file",
      title: "Invalid Format",
      message: "The input file is not valid JSON",
      details: "Unexpected token at line 23, column 15",
      recovery: "Fix JSON syntax or use --validate to check file",
    });
    const [ask] = parseAcor(readFixture("examples", "input-needed-multiple-parameters.md")).messages;
    expect(ask?.type === "Input Needed" && [ask.reason, ask.commands]).toEqual([
      "Configuration required",
      [{ line: 5, language: "bash", text: 'acor db_migrator --database "<connection_string>" --mode "<fast|safe>" --backup <yes|no>' }],
    ]);
  });

  it("reads the alternative approaches as two commands, each with its Option label (decision 5)", () => {
    const [ask] = parseAcor(readFixture("examples", "input-needed-alternative-approaches.md")).messages;
    expect(ask?.type === "Input Needed" && [ask.reason, ask.commands.map((command) => [command.option, command.text])]).toEqual([
      "Choose ONE of these approaches:",
      [
        ["Option A - Use config file", "acor analyzer --config myconfig.yaml"],
        ["Option B - Use flags", "acor analyzer --threshold 0.8 --mode strict"],
      ],
    ]);
  });

  it("reads every suggestion's command from its inline code", () => {
    const [first, second] = parseAcor(readFixture("examples", "suggestions.md")).messages;
    expect(first?.type === "Suggestions" && first.items.map((item) => item.commands)).toEqual([
      ["acor plot data.csv --type histogram"],
      ["acor export data.csv --format excel"],
      ["acor deep_analyze data.csv --correlations"],
    ]);
    expect(second?.type === "Suggestions" && second.title).toBe("Next Steps");
  });
});
