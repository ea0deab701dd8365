import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acorDirective,
  acorError,
  acorInputNeeded,
  acorJoin,
  acorOutput,
  acorOutputData,
  acorOutputFiles,
  acorProgress,
  acorStatus,
  acorSuggestions,
  createAcor,
  parseAcor,
  toCallToolResult,
  validateAcor,
  type AcorText,
} from "../../../src/protocols/acor/runtime.js";
import { readFixture } from "./fixtures.js";

const lines = (...parts: string[]) => parts.join("\n");

describe("ACOR emitters", () => {
  it("write the document's Status, Progress, Output and Error messages byte for byte", () => {
    expect(
      acorJoin(
        acorStatus("Ready", "Tool initialized and ready to process"),
        acorStatus("Working", "Currently processing input file"),
        acorStatus("Complete", "Successfully processed all records"),
        acorStatus("Failed", "Unable to complete operation"),
      ),
    ).toBe(readFixture("examples", "status-messages.md").trimEnd());
    expect(
      acorJoin(acorProgress(25, "Processed 250 of 1000 records"), acorProgress(50, "Validating data integrity"), acorProgress(100, "All validations complete")),
    ).toBe(readFixture("examples", "progress-updates.md").trimEnd());
    expect(
      acorJoin(
        acorOutput({ body: "Processing complete. Results saved to `output/results.json`" }),
        acorOutputData({ processed: 1000, errors: 3, duration: "45s" }),
        acorOutputFiles([
          { path: "report.pdf", description: "Full analysis report" },
          { path: "summary.csv", description: "Statistical summary" },
          { path: "errors.log", description: "Error details" },
        ]),
      ),
    ).toBe(readFixture("examples", "output-results.md").trimEnd());
    expect(
      acorJoin(
        acorError({ title: "File Not Found", message: "Cannot locate `input.csv` in current directory", recovery: "Check file path or use --input flag" }),
        acorError({
          title: "Invalid Format",
          message: "The input file is not valid JSON",
          details: "Unexpected token at line 23, column 15",
          recovery: "Fix JSON syntax or use --validate to check file",
        }),
      ),
    ).toBe(readFixture("examples", "error-messages.md").trimEnd());
  });

  it("write Input Needed with its one command as a JSON tool call, placeholders included (decisions 5 and 6)", () => {
    const text = acorInputNeeded({
      reason: "Primary key column required for deduplication",
      command: { tool: "data_processor", arguments: { file: "data.csv", key: "<choose_one>" } },
      validOptions: ["user_id", "email", "account_number"],
      example: { tool: "data_processor", arguments: { file: "data.csv", key: "email" } },
    });
    expect(text).toBe(
      lines(
        "## Input Needed",
        "Primary key column required for deduplication",
        "",
        "**Run this command with your choice:**",
        "```json",
        '{"tool":"data_processor","arguments":{"file":"data.csv","key":"<choose_one>"}}',
        "```",
        "",
        "**Valid options**: user_id, email, account_number",
        "",
        "**Example:**",
        "```json",
        '{"tool":"data_processor","arguments":{"file":"data.csv","key":"email"}}',
        "```",
      ),
    );
    const [message] = parseAcor(text).messages;
    expect(message?.type === "Input Needed" && message.commands.map((command) => command.call)).toEqual([
      { tool: "data_processor", arguments: { file: "data.csv", key: "<choose_one>" } },
    ]);
    expect(validateAcor(text)).toEqual([]);
  });

  it("write Input Needed alternatives as Option A, Option B, ..., each with its command (decision 5)", () => {
    const text = acorInputNeeded({
      reason: "Choose ONE of these approaches:",
      alternatives: [
        { label: "Use config file", command: { tool: "analyzer", arguments: { config: "myconfig.yaml" } } },
        { label: "Use flags:", command: { tool: "analyzer", arguments: { threshold: 0.8, mode: "strict" } } },
      ],
    });
    expect(text).toBe(
      lines(
        "## Input Needed",
        "Choose ONE of these approaches:",
        "",
        "**Option A - Use config file:**",
        "```json",
        '{"tool":"analyzer","arguments":{"config":"myconfig.yaml"}}',
        "```",
        "",
        "**Option B - Use flags:**",
        "```json",
        '{"tool":"analyzer","arguments":{"threshold":0.8,"mode":"strict"}}',
        "```",
      ),
    );
    expect(validateAcor(text)).toEqual([]);
    const [message] = parseAcor(text).messages;
    expect(message?.type === "Input Needed" && [message.reason, message.commands.map((command) => command.option)]).toEqual([
      "Choose ONE of these approaches:",
      ["Option A - Use config file", "Option B - Use flags"],
    ]);
    const many = Array.from({ length: 27 }, (_, index) => ({ label: `way ${index}`, command: { tool: "analyzer" } }));
    expect(() => acorInputNeeded({ reason: "Choose", alternatives: many as unknown as [(typeof many)[0], (typeof many)[0]] })).toThrow(
      new RangeError("ACOR input needed offers 27 alternatives; at most 26 (Option A to Option Z)"),
    );
  });

  it("end the Input Needed instruction with exactly one colon, so the reason stays the reason", () => {
    const text = acorInputNeeded({ reason: "Tables required", instruction: "Run this command with your selected tables", command: { tool: "analyzer" } });
    expect(text).toContain('**Run this command with your selected tables:**\n```json\n{"tool":"analyzer","arguments":{}}\n```');
    const [message] = parseAcor(text).messages;
    expect(message?.type === "Input Needed" && message.reason).toBe("Tables required");
  });

  it("write AI Directives and Suggestions with tool calls", () => {
    expect(
      acorDirective({
        action: "Create File",
        instruction: "Create a configuration file at `config/settings.yaml` with:",
        codeBlock: { language: "yaml", text: "database:\n  port: 5432" },
      }),
    ).toBe(lines("## AI Directive: Create File", "Create a configuration file at `config/settings.yaml` with:", "```yaml", "database:", "  port: 5432", "```"));
    expect(acorDirective({ action: "Run Tool", instruction: "Execute the validator:", command: { tool: "data_validator", arguments: { strict: true } } })).toBe(
      lines("## AI Directive: Run Tool", "Execute the validator:", "```json", '{"tool":"data_validator","arguments":{"strict":true}}', "```"),
    );
    const suggestions = acorSuggestions({
      title: "Next Steps",
      intro: "You can now:",
      items: [{ description: "Visualize segments", command: { tool: "visualize", arguments: { file: "a`b.csv" } } }],
    });
    expect(suggestions).toBe(
      lines("## Suggestions: Next Steps", "You can now:", '- Visualize segments: ``{"tool":"visualize","arguments":{"file":"a`b.csv"}}``'),
    );
    const [message] = parseAcor(suggestions).messages;
    expect(message?.type === "Suggestions" && message.items[0]?.commands).toEqual(['{"tool":"visualize","arguments":{"file":"a`b.csv"}}']);
  });

  it("clamp and round progress, and refuse NaN (decision 3)", () => {
    expect([acorProgress(-5), acorProgress(49.6), acorProgress(250)]).toEqual(["## Progress: 0%", "## Progress: 50%", "## Progress: 100%"]);
    expect(() => acorProgress(NaN)).toThrow(new RangeError("ACOR progress must be a number, got NaN"));
  });

  it("write the payload as pretty JSON with a fence longer than any backtick run in it", () => {
    const text = acorOutputData({ snippet: "```js\nx\n```" }, "Report");
    expect(text).toBe(lines("## Output Report", "````json", "{", '  "snippet": "```js\\nx\\n```"', "}", "````"));
    const [message] = parseAcor(text).messages;
    expect(message?.type === "Output" && message.data).toEqual({ snippet: "```js\nx\n```" });
    expect(() => acorOutputData(undefined)).toThrow(new TypeError("ACOR output data does not serialise to JSON"));
  });

  it("escape body lines that would start a message, and keep headers inside code blocks (decision 10)", () => {
    const body = lines("# Report", "## Findings", "```markdown", "## Not a message", "```", "### Details");
    const text = acorOutput({ body });
    expect(text).toBe(lines("## Output", "# Report", "\\## Findings", "```markdown", "## Not a message", "```", "### Details"));
    expect(parseAcor(text).messages).toHaveLength(1);
    expect(validateAcor(text)).toEqual([]);
  });

  it("refuse text that would break the message structure", () => {
    expect(() => acorOutput({ body: "```json\n{}" })).toThrow(new RangeError("ACOR output body leaves the code block of its line 1 open"));
    expect(() => acorError({ title: "Two\nlines", message: "m", recovery: "r" })).toThrow(new RangeError("ACOR error title must be one line"));
    expect(() => acorError({ title: "t", message: "m", recovery: " " })).toThrow(new RangeError("ACOR error recovery must not be blank"));
    expect(() => acorOutput({ body: "" })).toThrow(new RangeError("ACOR output body must not be blank"));
    expect(() => acorDirective({ action: "Analyze", instruction: "\n" })).toThrow(new RangeError("ACOR directive instruction must not be blank"));
    expect(() => acorInputNeeded({ reason: "Pick:\n```bash\nx\n```", command: { tool: "t" } })).toThrow(
      new RangeError("ACOR input needed reason may not hold a code block: it would count as a second command"),
    );
    expect(() => acorSuggestions({ intro: "- not an intro", items: [{ description: "d", command: { tool: "t" } }] })).toThrow(
      new RangeError("ACOR suggestions intro must be plain text, not a list item, header or code block"),
    );
    expect(() => acorDirective({ action: "a", instruction: "i", codeBlock: { language: "two words", text: "" } })).toThrow(
      new RangeError('ACOR code block language "two words" must be one word'),
    );
  });

  it("always produce output that validates and parses back to what was given", () => {
    const text = fc
      .string({ unit: fc.constantFrom("a", " ", "#", "`", "*", "-", ":", "é"), minLength: 1, maxLength: 30 })
      .filter((value) => value.trim() !== "");
    const oneLine = text.filter((value) => value === value.trim());
    fc.assert(
      fc.property(oneLine, oneLine, text, oneLine, (title, recovery, message, tool) => {
        let output: AcorText;
        try {
          output = acorJoin(
            acorStatus("Working", message),
            acorError({ title, message, recovery }),
            acorSuggestions({ items: [{ description: title, command: { tool, arguments: { note: message } } }] }),
            acorInputNeeded({ reason: message, command: { tool, arguments: { value: "<value>" } } }),
          );
        } catch (error) {
          // Text that opens a code block is refused, never emitted broken.
          return error instanceof RangeError && /leaves the code block|may not hold a code block|must be plain text/.test(error.message);
        }
        const { messages, problems } = parseAcor(output);
        const error = messages[1];
        const ask = messages[3];
        return (
          problems.length === 0 &&
          messages.map((entry) => entry.type).join() === "Status,Error,Suggestions,Input Needed" &&
          error?.type === "Error" &&
          error.title === title &&
          error.recovery === recovery &&
          ask?.type === "Input Needed" &&
          ask.commands[0]?.call?.tool === tool
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("are bound to the tool-name union by createAcor, and behave like the free functions", () => {
    const acor = createAcor<"analyzer", { analyzer: { tables: string } }>();
    const command = { tool: "analyzer", arguments: { tables: "<list>" } } as const;
    expect(acor.inputNeeded({ reason: "r", command })).toBe(acorInputNeeded({ reason: "r", command }));
    expect(acor.suggestions({ items: [{ description: "d", command }] })).toBe(acorSuggestions({ items: [{ description: "d", command }] }));
    expect(acor.directive({ action: "Run Tool", instruction: "i", command })).toBe(acorDirective({ action: "Run Tool", instruction: "i", command }));
    expect(
      acor.join(
        acor.status("Complete"),
        acor.progress(10),
        acor.output({ body: "b" }),
        acor.outputData([1]),
        acor.outputFiles([{ path: "p", description: "d" }]),
      ),
    ).toBe(
      acorJoin(acorStatus("Complete"), acorProgress(10), acorOutput({ body: "b" }), acorOutputData([1]), acorOutputFiles([{ path: "p", description: "d" }])),
    );
    expect(acor.error({ title: "t", message: "m", recovery: "r" })).toBe(acorError({ title: "t", message: "m", recovery: "r" }));
  });
});

describe("ACOR toCallToolResult (decision 11)", () => {
  it("puts the Markdown in one text block, without structuredContent", () => {
    const text = acorJoin(acorStatus("Complete"), acorOutputData({ ok: true }));
    expect(toCallToolResult(text)).toEqual({ content: [{ type: "text", text }] });
  });

  it("sets isError for an Error message and for a Failed status", () => {
    const error = acorJoin(acorStatus("Working"), acorError({ title: "Timeout", message: "The database timed out", recovery: "Retry with --timeout 60" }));
    expect(toCallToolResult(error)).toEqual({ content: [{ type: "text", text: error }], isError: true });
    expect(toCallToolResult(acorStatus("Failed", "Unable to complete operation")).isError).toBe(true);
    expect(toCallToolResult(acorStatus("Complete")).isError).toBeUndefined();
  });

  it("produces results the validator accepts as captured CallToolResults", () => {
    for (const text of [acorStatus("Complete"), acorStatus("Failed"), acorError({ title: "t", message: "m", recovery: "r" })]) {
      expect(validateAcor(toCallToolResult(text))).toEqual([]);
    }
  });
});

describe("ACOR labels", () => {
  it("read Recovery from the emitter's own label line even when the message quotes one", () => {
    const text = acorError({ title: "Bad config", message: "The file says:\n**Recovery**: ignore errors", recovery: "Fix the file" });
    const [message] = parseAcor(text).messages;
    expect(message?.type === "Error" && message.recovery).toBe("Fix the file");
  });

  it("read a Recovery written as a list under its label", () => {
    const [message] = parseAcor(lines("## Error: Timeout", "The database timed out", "", "**Recovery:**", "- Retry", "- Raise --timeout")).messages;
    expect(message?.type === "Error" && message.recovery).toBe("- Retry\n- Raise --timeout");
  });
});
