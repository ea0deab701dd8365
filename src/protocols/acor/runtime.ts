/**
 * ACOR Conversational Protocol runtime.
 *
 * Emitted verbatim into MCP server projects by mcp-conform, and imported by mcp-conform itself for
 * `validate`, so the two can never disagree. It imports nothing and uses erasable syntax only.
 *
 * ACOR is a TEXT protocol: a tool's output is Markdown made of `##` messages. `toCallToolResult`
 * puts that Markdown in one text block and sets no `structuredContent`, so the SDK's outputSchema
 * check does not apply to ACOR tools: they must not declare an `outputSchema`.
 *
 * DECISIONS, where the document is loose or wrong (each one is tested):
 *
 * 1. Headers. A message starts with a `## ` line outside code blocks: `## Status: <state>`,
 *    `## Progress: <n>%`, `## Output` or `## Output <label>` (Data, Files, ...), `## Error: <title>`,
 *    `## Input Needed`, `## AI Directive: <action>`, `## Suggestions` or `## Suggestions: <title>`.
 *    Keywords are case-sensitive. The MVP has exactly seven types, so any other `## ` header is
 *    reported, the document's post-MVP `## Session:` headers included. `###` and deeper headings
 *    are body text.
 * 2. Status is one of the four states the document shows: Ready, Working, Complete, Failed.
 * 3. Progress is a whole percentage from 0 to 100: emitters clamp and round it (NaN throws), the
 *    validator rejects anything else.
 * 4. Error messages must carry a `**Recovery**:` line ("Include recovery steps in error messages";
 *    every example has one): it is required by the emitter's type and by the validator.
 *    `**Details**:` is optional. An Error needs a title, an AI Directive an action and an
 *    instruction, an Output some content.
 * 5. Input Needed results in exactly one command the AI runs next. Either it carries one command,
 *    or it offers alternatives, as the document's "alternative approaches" example does: two or
 *    more commands, each introduced by its own `**Option <X> - <what>:**` label line, of which the
 *    AI runs exactly one (the key rule's "one command" is about what the AI runs, and the document
 *    sanctions the form). Several commands without an Option label each are ambiguous and
 *    reported. The validator counts the code blocks of the message, except one labelled
 *    `**Example:**` (the document's multi-parameter example follows its command with a filled-in
 *    example). The emitter takes one `command`, or `alternatives` (two or more, labelled Option A,
 *    Option B, ...). Input Needed must be the last message, since the tool exits after asking.
 * 6. Commands are tool calls. Over MCP the command the AI runs next is a call of one of the
 *    server's tools, typed `{ tool, arguments }` by the tool-name union `TTool` and each tool's
 *    input (`AcorToolCall`); an argument may be its real value or a `<placeholder>` for the AI to
 *    fill (the document writes `--key "<choose_one>"`). Emitters write a call as one-line JSON
 *    `{"tool":"x","arguments":{...}}`: in a ```json block for Input Needed and AI Directive, in
 *    inline code for Suggestions. The validator accepts any command text (the document's are shell
 *    commands), but a json command block in Input Needed must be such a tool call.
 * 7. Suggestions need at least one `- ` item (a non-empty tuple for the emitter), each with its
 *    command in inline code ("Make suggestions actionable with specific commands").
 * 8. A ```json block in an Output message must parse; the first one is the parsed message's `data`,
 *    which `acorOutputData<T>` fills with the tool's payload.
 * 9. Text before the first header is reported, and so is output with no message. Code blocks must
 *    be closed.
 * 10. Text handed to the emitters is Markdown: a line that would start a message (`## ` outside a
 *     code block) is escaped as `\## `, which Markdown shows as the literal text; text that leaves a
 *     code block open, a one-line field holding a line break, or a blank required field throws a
 *     RangeError, so emitted output always validates. Messages are joined by a blank line.
 * 11. Errors. `toCallToolResult` sets `isError: true` when the output holds an Error message or
 *     `## Status: Failed`; a captured CallToolResult is checked for the same rule.
 * 12. Labels are bold lines `**Name**:` or `**Name:**`. An Error's Recovery and Details are its
 *     last such labels (emitters write them after the message, which may quote one); a label
 *     standing alone takes the lines under it. An Input Needed's reason is the prose before its
 *     first code block, without the label that introduces the command.
 */

/** One problem found by the validator; `line` is 1-based. Same shape as mcp-conform's. */
export interface ValidationProblem {
  path: string;
  message: string;
  line?: number;
}

export const ACOR_MESSAGE_TYPES = [
  "Status",
  "Progress",
  "Output",
  "Error",
  "Input Needed",
  "AI Directive",
  "Suggestions",
] as const;
export type AcorMessageType = (typeof ACOR_MESSAGE_TYPES)[number];

export const ACOR_STATUSES = ["Ready", "Working", "Complete", "Failed"] as const;
export type AcorStatus = (typeof ACOR_STATUSES)[number];

/** A value the AI must fill in before running the command. */
export type AcorPlaceholder = `<${string}>`;

/** Each tool's input type, by tool name. */
export type AcorToolInputs<TTool extends string> = { readonly [K in TTool]: object };
export type AcorDefaultInputs<TTool extends string> = { readonly [K in TTool]: Record<string, unknown> };

/** A tool's arguments: any subset of its input, each value real or a placeholder. */
export type AcorArguments<TInput> = { readonly [P in keyof TInput]?: TInput[P] | AcorPlaceholder };

/** A call of one of the server's tools, its arguments typed by that tool's input. */
export type AcorToolCall<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
> = {
  readonly [K in TTool]: { readonly tool: K; readonly arguments?: AcorArguments<TInputs[K]> };
}[TTool];

declare const acorTextBrand: unique symbol;
/** Markdown produced by the emitters: only this is accepted by `toCallToolResult`. */
export type AcorText = string & { readonly [acorTextBrand]: true };

export interface AcorOutputInput {
  /** Written after `## Output`, e.g. `Data`, `Files`. */
  readonly label?: string;
  readonly body: string;
}

export interface AcorOutputFile {
  readonly path: string;
  readonly description: string;
}

export interface AcorErrorInput {
  readonly title: string;
  readonly message: string;
  readonly recovery: string;
  readonly details?: string;
}

/** One of several approaches an Input Needed offers; the AI runs exactly one (decision 5). */
export interface AcorAlternative<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
> {
  /** What this approach does, written after "Option A - ", e.g. "Use config file". */
  readonly label: string;
  readonly command: AcorToolCall<TTool, TInputs>;
}

export type AcorInputNeededInput<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
> =
  // The alternatives form first: a call without `command` is then reported as missing it.
  | {
      /** What is missing, e.g. "Choose ONE of these approaches:". */
      readonly reason: string;
      /** Two or more approaches, written as Option A, Option B, ...; the AI runs exactly one. */
      readonly alternatives: readonly [AcorAlternative<TTool, TInputs>, AcorAlternative<TTool, TInputs>, ...AcorAlternative<TTool, TInputs>[]];
      readonly command?: never;
      readonly instruction?: never;
      readonly validOptions?: readonly string[];
      readonly example?: never;
    }
  | {
      /** What is missing and why the tool cannot proceed. */
      readonly reason: string;
      /** The one command the AI runs next. */
      readonly command: AcorToolCall<TTool, TInputs>;
      readonly alternatives?: never;
      /** Bold line above the command; defaults to "Run this command with your choice:". */
      readonly instruction?: string;
      readonly validOptions?: readonly string[];
      /** A filled-in example of the command. */
      readonly example?: AcorToolCall<TTool, TInputs>;
    };

export interface AcorCodeBlock {
  readonly language: string;
  readonly text: string;
}

export interface AcorDirectiveInput<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
> {
  /** The header's title, e.g. "Create File", "Run Tool". */
  readonly action: string;
  readonly instruction: string;
  readonly command?: AcorToolCall<TTool, TInputs>;
  readonly codeBlock?: AcorCodeBlock;
}

export interface AcorSuggestion<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
> {
  readonly description: string;
  readonly command: AcorToolCall<TTool, TInputs>;
}

export interface AcorSuggestionsInput<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
> {
  readonly title?: string;
  readonly intro?: string;
  readonly items: readonly [AcorSuggestion<TTool, TInputs>, ...AcorSuggestion<TTool, TInputs>[]];
}

/**
 * A command found in a parsed message; `call` is set when the text is a JSON tool call, `option`
 * when an `**Option ...:**` label introduces it as one of several alternatives (decision 5).
 */
export interface AcorParsedCommand {
  readonly line: number;
  readonly language: string;
  readonly text: string;
  readonly call?: { readonly tool: string; readonly arguments: { readonly [name: string]: unknown } };
  readonly option?: string;
}

export interface AcorSuggestionItem {
  readonly line: number;
  readonly text: string;
  readonly commands: readonly string[];
}

interface AcorMessageBase {
  /** Line of the `##` header. */
  readonly line: number;
  /** The Markdown under the header, without leading and trailing blank lines. */
  readonly body: string;
}

/** A parsed message. Fields a message lacks are absent, and reported by the validator. */
export type AcorMessage =
  | (AcorMessageBase & { readonly type: "Status"; readonly status: AcorStatus })
  | (AcorMessageBase & { readonly type: "Progress"; readonly percent: number })
  | (AcorMessageBase & { readonly type: "Output"; readonly label?: string; readonly data?: unknown })
  | (AcorMessageBase & {
      readonly type: "Error";
      readonly title: string;
      readonly message: string;
      readonly details?: string;
      readonly recovery?: string;
    })
  | (AcorMessageBase & { readonly type: "Input Needed"; readonly reason: string; readonly commands: readonly AcorParsedCommand[] })
  | (AcorMessageBase & { readonly type: "AI Directive"; readonly action: string })
  | (AcorMessageBase & { readonly type: "Suggestions"; readonly title?: string; readonly items: readonly AcorSuggestionItem[] });

export interface AcorDocument {
  readonly messages: readonly AcorMessage[];
}

export interface AcorParseResult extends AcorDocument {
  readonly problems: ValidationProblem[];
}

/** Assignable to the MCP SDK's `CallToolResult`. */
export type AcorCallToolResult = {
  content: [{ type: "text"; text: string }];
  isError?: true;
};

// ---------------------------------------------------------------------------------------------
// Markdown structure shared by the emitters and the parser

interface Fence {
  readonly line: number;
  readonly language: string;
  readonly lines: string[];
  closed: boolean;
}

interface LineInfo {
  readonly line: number;
  /** The line without trailing spaces, tabs and `\r`. */
  readonly text: string;
  /** Inside a code block, its delimiters included. */
  readonly fenced: boolean;
  /** Set on the line that opens a code block. */
  readonly fence?: Fence;
}

const HEADER = /^##(?:[ \t]+(.*))?$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^[-*+][ \t]+(.*)$/;
const LABEL = /^\*\*([^*]+?)(?:\*\*:|:\*\*)[ \t]*(.*)$/;
/** The label of one alternative of an Input Needed: "Option A - Use config file" (decision 5). */
export const ACOR_OPTION_LABEL_PATTERN = "^Option\\s+\\S";
const OPTION_LABEL = new RegExp(ACOR_OPTION_LABEL_PATTERN, "u");

function scanLines(text: string): LineInfo[] {
  const infos: LineInfo[] = [];
  let open: { char: string; length: number; fence: Fence } | undefined;
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.replace(/[ \t\r]+$/, "");
    if (open !== undefined) {
      const close = /^ {0,3}(`+|~+)$/.exec(trimmed)?.[1];
      if (close !== undefined && close.charAt(0) === open.char && close.length >= open.length) {
        open.fence.closed = true;
        open = undefined;
      } else {
        open.fence.lines.push(raw.replace(/\r$/, ""));
      }
      infos.push({ line, text: trimmed, fenced: true });
      return;
    }
    const opener = FENCE_OPEN.exec(trimmed);
    const delimiter = opener?.[1];
    const info = opener?.[2] ?? "";
    if (delimiter !== undefined && !(delimiter.startsWith("`") && info.includes("`"))) {
      const fence: Fence = { line, language: info.trim().split(/\s+/)[0] ?? "", lines: [], closed: false };
      open = { char: delimiter.charAt(0), length: delimiter.length, fence };
      infos.push({ line, text: trimmed, fenced: true, fence });
      return;
    }
    infos.push({ line, text: trimmed, fenced: false });
  });
  return infos;
}

// ---------------------------------------------------------------------------------------------
// Emitting

function oneLine(field: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new RangeError(`ACOR ${field} must be one line`);
  if (value.trim() === "") throw new RangeError(`ACOR ${field} must not be blank`);
  return value;
}

/** Escapes lines that would start a message; rejects text that leaves a code block open. */
function markdown(field: string, value: string, required: boolean): string {
  if (required && value.trim() === "") throw new RangeError(`ACOR ${field} must not be blank`);
  const infos = scanLines(value);
  const unclosed = infos.find((info) => info.fence !== undefined && !info.fence.closed);
  if (unclosed !== undefined) throw new RangeError(`ACOR ${field} leaves the code block of its line ${unclosed.line} open`);
  const lines = value.split("\n");
  return lines.map((line, index) => (infos[index]?.fenced === false && HEADER.test(infos[index]?.text ?? "") ? `\\${line}` : line)).join("\n");
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

function codeBlock(language: string, text: string): string {
  if (/[\s`]/.test(language)) throw new RangeError(`ACOR code block language ${JSON.stringify(language)} must be one word`);
  const fence = "`".repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

function inlineCode(text: string): string {
  const ticks = "`".repeat(longestBacktickRun(text) + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || (text.startsWith(" ") && text.endsWith(" ")) ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

function renderToolCall(call: { readonly tool: string; readonly arguments?: object }): string {
  return JSON.stringify({ tool: oneLine("tool name", call.tool), arguments: call.arguments ?? {} });
}

function message(header: string, ...parts: string[]): AcorText {
  return [`## ${header}`, ...parts.filter((part) => part !== "")].join("\n") as AcorText;
}

export function acorStatus(status: AcorStatus, detail?: string): AcorText {
  return message(`Status: ${status}`, detail === undefined ? "" : markdown("status detail", detail, false));
}

export function acorProgress(percent: number, detail?: string): AcorText {
  if (Number.isNaN(percent)) throw new RangeError("ACOR progress must be a number, got NaN");
  const whole = Math.round(Math.min(100, Math.max(0, percent)));
  return message(`Progress: ${whole}%`, detail === undefined ? "" : markdown("progress detail", detail, false));
}

export function acorOutput(input: AcorOutputInput): AcorText {
  const header = input.label === undefined ? "Output" : `Output ${oneLine("output label", input.label)}`;
  return message(header, markdown("output body", input.body, true));
}

/** The tool's payload as pretty JSON under `## Output Data` (or another label). */
export function acorOutputData<T>(data: T, label = "Data"): AcorText {
  const json: unknown = JSON.stringify(data, null, 2);
  if (typeof json !== "string") throw new TypeError("ACOR output data does not serialise to JSON");
  return message(`Output ${oneLine("output label", label)}`, codeBlock("json", json));
}

export function acorOutputFiles(files: readonly [AcorOutputFile, ...AcorOutputFile[]]): AcorText {
  const items = files.map((file) => `- ${inlineCode(oneLine("file path", file.path))} - ${oneLine("file description", file.description)}`);
  return message("Output Files", items.join("\n"));
}

export function acorError(input: AcorErrorInput): AcorText {
  const labels = [
    input.details === undefined ? "" : `**Details**: ${oneLine("error details", input.details)}`,
    `**Recovery**: ${oneLine("error recovery", input.recovery)}`,
  ].filter((part) => part !== "");
  const header = `## Error: ${oneLine("error title", input.title)}`;
  return [header, markdown("error message", input.message, true), "", ...labels].join("\n") as AcorText;
}

const OPTION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function acorInputNeeded<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
>(input: AcorInputNeededInput<TTool, TInputs>): AcorText {
  const reason = markdown("input needed reason", input.reason, true);
  if (scanLines(reason).some((info) => info.fence !== undefined)) {
    throw new RangeError("ACOR input needed reason may not hold a code block: it would count as a second command");
  }
  const parts = [reason];
  if (input.alternatives !== undefined) {
    if (input.alternatives.length > OPTION_LETTERS.length) {
      throw new RangeError(`ACOR input needed offers ${input.alternatives.length} alternatives; at most ${OPTION_LETTERS.length} (Option A to Option Z)`);
    }
    input.alternatives.forEach((alternative, index) => {
      const label = oneLine("input needed alternative label", alternative.label).replace(/:$/, "");
      parts.push("", `**Option ${OPTION_LETTERS.charAt(index)} - ${label}:**`, codeBlock("json", renderToolCall(alternative.command)));
    });
  } else {
    // A trailing colon inside the bold makes it a label line, which ends the reason when parsed.
    const instruction = oneLine("input needed instruction", input.instruction ?? "Run this command with your choice").replace(/:$/, "");
    parts.push("", `**${instruction}:**`, codeBlock("json", renderToolCall(input.command)));
  }
  if (input.validOptions !== undefined && input.validOptions.length > 0) {
    parts.push("", `**Valid options**: ${input.validOptions.map((option) => oneLine("valid option", option)).join(", ")}`);
  }
  if (input.example !== undefined) parts.push("", "**Example:**", codeBlock("json", renderToolCall(input.example)));
  return [`## Input Needed`, ...parts].join("\n") as AcorText;
}

export function acorDirective<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
>(input: AcorDirectiveInput<TTool, TInputs>): AcorText {
  return message(
    `AI Directive: ${oneLine("directive action", input.action)}`,
    markdown("directive instruction", input.instruction, true),
    input.command === undefined ? "" : codeBlock("json", renderToolCall(input.command)),
    input.codeBlock === undefined ? "" : codeBlock(input.codeBlock.language, input.codeBlock.text),
  );
}

export function acorSuggestions<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
>(input: AcorSuggestionsInput<TTool, TInputs>): AcorText {
  const header = input.title === undefined ? "Suggestions" : `Suggestions: ${oneLine("suggestions title", input.title)}`;
  const intro = input.intro === undefined ? "" : oneLine("suggestions intro", input.intro);
  if (LIST_ITEM.test(intro) || HEADER.test(intro) || FENCE_OPEN.test(intro)) {
    throw new RangeError("ACOR suggestions intro must be plain text, not a list item, header or code block");
  }
  const items = input.items.map(
    (item) => `- ${oneLine("suggestion description", item.description)}: ${inlineCode(renderToolCall(item.command))}`,
  );
  return message(header, intro, items.join("\n"));
}

/** Several messages as one output, separated by a blank line. */
export function acorJoin(...messages: readonly AcorText[]): AcorText {
  return messages.join("\n\n") as AcorText;
}

export interface AcorEmitters<TTool extends string, TInputs extends AcorToolInputs<TTool>> {
  readonly status: (status: AcorStatus, detail?: string) => AcorText;
  readonly progress: (percent: number, detail?: string) => AcorText;
  readonly output: (input: AcorOutputInput) => AcorText;
  readonly outputData: <T>(data: T, label?: string) => AcorText;
  readonly outputFiles: (files: readonly [AcorOutputFile, ...AcorOutputFile[]]) => AcorText;
  readonly error: (input: AcorErrorInput) => AcorText;
  readonly inputNeeded: (input: AcorInputNeededInput<TTool, TInputs>) => AcorText;
  readonly directive: (input: AcorDirectiveInput<TTool, TInputs>) => AcorText;
  readonly suggestions: (input: AcorSuggestionsInput<TTool, TInputs>) => AcorText;
  readonly join: (...messages: readonly AcorText[]) => AcorText;
}

/** The emitters bound to the server's tool-name union and input map, so commands are checked. */
export function createAcor<
  TTool extends string = string,
  TInputs extends AcorToolInputs<TTool> = AcorDefaultInputs<TTool>,
>(): AcorEmitters<TTool, TInputs> {
  return {
    status: acorStatus,
    progress: acorProgress,
    output: acorOutput,
    outputData: acorOutputData,
    outputFiles: acorOutputFiles,
    error: acorError,
    inputNeeded: acorInputNeeded,
    directive: acorDirective,
    suggestions: acorSuggestions,
    join: acorJoin,
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering to MCP

function isErrorOutput(messages: readonly AcorMessage[]): boolean {
  return messages.some((entry) => entry.type === "Error" || (entry.type === "Status" && entry.status === "Failed"));
}

/** One text block holding the Markdown; `isError: true` for an Error message or a Failed status. */
export function toCallToolResult(text: AcorText): AcorCallToolResult {
  const result: AcorCallToolResult = { content: [{ type: "text", text }] };
  if (isErrorOutput(parseAcor(text).messages)) result.isError = true;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Parsing and validating

const TYPE_LIST = "Status, Progress, Output, Error, Input Needed, AI Directive or Suggestions";
const STATUS_LIST = "Ready, Working, Complete or Failed";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStatus(value: string): value is AcorStatus {
  return (ACOR_STATUSES as readonly string[]).includes(value);
}

function trimBlankLines(lines: readonly string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? "").trim() === "") start++;
  while (end > start && (lines[end - 1] ?? "").trim() === "") end--;
  return lines.slice(start, end).join("\n");
}

function inlineCodeSpans(text: string): string[] {
  const spans: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text.charAt(i) !== "`") {
      i++;
      continue;
    }
    const run = /`+/y;
    run.lastIndex = i;
    const opener = run.exec(text)?.[0] ?? "`";
    let j = i + opener.length;
    let close = -1;
    while (j < text.length) {
      if (text.charAt(j) !== "`") {
        j++;
        continue;
      }
      run.lastIndex = j;
      const candidate = run.exec(text)?.[0] ?? "`";
      if (candidate.length === opener.length) {
        close = j;
        break;
      }
      j += candidate.length;
    }
    if (close === -1) {
      i += opener.length;
      continue;
    }
    let span = text.slice(i + opener.length, close);
    if (span.length >= 2 && span.startsWith(" ") && span.endsWith(" ") && span.trim() !== "") span = span.slice(1, -1);
    spans.push(span);
    i = close + opener.length;
  }
  return spans;
}

function toolCallOf(text: string): AcorParsedCommand["call"] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value["tool"] !== "string" || value["tool"] === "") return undefined;
  const args = value["arguments"];
  if (args !== undefined && !isRecord(args)) return undefined;
  return { tool: value["tool"], arguments: args ?? {} };
}

type Header =
  | { type: "Status"; status: AcorStatus }
  | { type: "Progress"; percent: number }
  | { type: "Output"; label?: string }
  | { type: "Error"; title: string }
  | { type: "Input Needed" }
  | { type: "AI Directive"; action: string }
  | { type: "Suggestions"; title?: string }
  | { problem: string };

function readHeader(title: string): Header {
  if (title === "Input Needed") return { type: "Input Needed" };
  if (/^Input Needed\b/.test(title)) return { problem: "Input Needed takes no title" };
  const output = /^Output(?::?[ \t]+(.+))?$/.exec(title);
  if (output !== null) return output[1] === undefined ? { type: "Output" } : { type: "Output", label: output[1] };
  const keyed = /^(Status|Progress|Error|AI Directive|Suggestions)(?::[ \t]*(.*))?$/.exec(title);
  const keyword = keyed?.[1];
  const rest = keyed?.[2] ?? "";
  switch (keyword) {
    case "Status":
      if (rest === "") return { problem: `Status needs a state: ## Status: ${STATUS_LIST}` };
      return isStatus(rest) ? { type: "Status", status: rest } : { problem: `unknown status ${JSON.stringify(rest)} (expected ${STATUS_LIST})` };
    case "Progress": {
      const digits = /^(\d{1,3})%$/.exec(rest)?.[1];
      const percent = digits === undefined ? NaN : Number(digits);
      return percent <= 100 ? { type: "Progress", percent } : { problem: `progress must be a whole percentage from 0% to 100%, got ${JSON.stringify(rest)}` };
    }
    case "Error":
      return rest === "" ? { problem: "Error needs a title: ## Error: <what went wrong>" } : { type: "Error", title: rest };
    case "AI Directive":
      return rest === "" ? { problem: "AI Directive needs an action: ## AI Directive: <action>" } : { type: "AI Directive", action: rest };
    case "Suggestions":
      return rest === "" ? { type: "Suggestions" } : { type: "Suggestions", title: rest };
    default:
      return { problem: `unknown ACOR message type ${JSON.stringify(title)} (expected ${TYPE_LIST})` };
  }
}

/** Body lines before `end` (an index into `body`), without surrounding blank lines. */
function proseBefore(body: readonly LineInfo[], end: number): string {
  return trimBlankLines(body.slice(0, end).map((info) => info.text));
}

/** Index of the last `**<name>**:` line outside code blocks, or -1. */
function lastLabel(body: readonly LineInfo[], name: string): number {
  let index = body.length - 1;
  while (index >= 0 && (body[index]?.fenced !== false || LABEL.exec(body[index]?.text ?? "")?.[1] !== name)) index--;
  return index;
}

/** An Error's own text: the prose before its Details and Recovery labels. */
function errorMessage(body: readonly LineInfo[]): string {
  const labels = [lastLabel(body, "Details"), lastLabel(body, "Recovery")].filter((index) => index >= 0);
  return proseBefore(body, Math.min(body.length, ...labels));
}

/** What an Input Needed asks for: the prose before its first code block, minus the label introducing it. */
function inputReason(body: readonly LineInfo[]): string {
  let end = body.findIndex((info) => info.fenced);
  if (end === -1) end = body.length;
  while (end > 0 && (body[end - 1]?.text ?? "").trim() === "") end--;
  if (end > 0 && LABEL.test(body[end - 1]?.text ?? "")) end--;
  return proseBefore(body, end);
}

/**
 * The text after the last `**<name>**:`, or the lines under it when it stands alone. The last,
 * because emitters write their labels after the message, which may itself quote such a line.
 */
function labelled(body: readonly LineInfo[], name: string): string | undefined {
  const index = lastLabel(body, name);
  const match = index === -1 ? null : LABEL.exec(body[index]?.text ?? "");
  if (match === null) return undefined;
  const sameLine = match[2] ?? "";
  if (sameLine !== "") return sameLine;
  const below: string[] = [];
  for (const info of body.slice(index + 1)) {
    if (info.fenced || info.text.trim() === "" || LABEL.test(info.text)) break;
    below.push(info.text);
  }
  return below.length === 0 ? undefined : below.join("\n");
}

/** Parses ACOR Markdown into its messages; `problems` is everything `validateAcor` reports. */
export function parseAcor(text: string): AcorParseResult {
  const infos = scanLines(text);
  const rawLines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  const problems: ValidationProblem[] = [];
  const messages: AcorMessage[] = [];
  const report = (line: number, message: string): void => {
    problems.push({ path: "", line, message });
  };

  const headers = infos.flatMap((info) => {
    const match = info.fenced ? null : HEADER.exec(info.text);
    return match === null ? [] : [{ info, title: (match[1] ?? "").trim() }];
  });
  if (headers.length === 0) {
    return {
      messages,
      problems: [{ path: "", line: 1, message: `no ACOR message found: start each message with a "## " header (${TYPE_LIST})` }],
    };
  }
  const firstHeaderLine = headers[0]?.info.line ?? 1;
  const preamble = infos.find((info) => info.line < firstHeaderLine && info.text.trim() !== "");
  if (preamble !== undefined) report(preamble.line, "text before the first ACOR message header");
  for (const info of infos) {
    if (info.fence !== undefined && !info.fence.closed) report(info.line, "code block is never closed");
  }

  headers.forEach(({ info: headerInfo, title }, index) => {
    const line = headerInfo.line;
    const nextLine = headers[index + 1]?.info.line ?? infos.length + 1;
    const body = infos.slice(line, nextLine - 1);
    const bodyText = trimBlankLines(rawLines.slice(line, nextLine - 1));
    const fences = body.flatMap((info) => (info.fence === undefined ? [] : [info.fence]));
    const header = readHeader(title);
    if ("problem" in header) {
      report(line, header.problem);
      return;
    }
    const base = { line, body: bodyText };
    switch (header.type) {
      case "Status":
        messages.push({ type: "Status", ...base, status: header.status });
        return;
      case "Progress":
        messages.push({ type: "Progress", ...base, percent: header.percent });
        return;
      case "Output": {
        if (bodyText.trim() === "") report(line, "Output message has no content");
        let data: { value: unknown } | undefined;
        for (const fence of fences.filter((candidate) => candidate.language === "json" && candidate.closed)) {
          try {
            const value: unknown = JSON.parse(fence.lines.join("\n"));
            data ??= { value };
          } catch {
            report(fence.line, "json code block is not valid JSON");
          }
        }
        messages.push({
          type: "Output",
          ...base,
          ...(header.label === undefined ? {} : { label: header.label }),
          ...(data === undefined ? {} : { data: data.value }),
        });
        return;
      }
      case "Error": {
        const recovery = labelled(body, "Recovery");
        const details = labelled(body, "Details");
        if (recovery === undefined) report(line, "Error message needs a **Recovery**: line telling the AI how to recover");
        messages.push({
          type: "Error",
          ...base,
          title: header.title,
          message: errorMessage(body),
          ...(details === undefined ? {} : { details }),
          ...(recovery === undefined ? {} : { recovery }),
        });
        return;
      }
      case "Input Needed": {
        const reason = inputReason(body);
        if (reason === "") report(line, "Input Needed must say what input is missing");
        const commands: AcorParsedCommand[] = [];
        for (const fence of fences) {
          const position = body.findIndex((info) => info.line === fence.line);
          const previous = body.slice(0, position).reverse().find((info) => info.text.trim() !== "");
          const label = previous !== undefined && !previous.fenced ? LABEL.exec(previous.text)?.[1] : undefined;
          if (label === "Example") continue;
          const commandText = fence.lines.join("\n");
          const call = toolCallOf(commandText);
          if (fence.language === "json" && call === undefined) {
            report(fence.line, 'json command is not a tool call: expected {"tool": "<name>", "arguments": {...}}');
          }
          const option = label !== undefined && OPTION_LABEL.test(label) ? label : undefined;
          commands.push({
            line: fence.line,
            language: fence.language,
            text: commandText,
            ...(call === undefined ? {} : { call }),
            ...(option === undefined ? {} : { option }),
          });
        }
        const alternatives = commands.length > 1 && commands.every((command) => command.option !== undefined);
        if (commands.length !== 1 && !alternatives) {
          const where = commands.length === 0 ? "" : ` (lines ${commands.map((command) => command.line).join(", ")})`;
          const hint = commands.length === 0 ? "" : '; to offer alternatives, introduce each with its own "**Option A - <what>:**" line';
          report(line, `Input Needed must carry exactly one command in a code block, found ${commands.length}${where}${hint}`);
        }
        if (index !== headers.length - 1) report(line, "Input Needed must be the last message: the tool stops after asking");
        messages.push({ type: "Input Needed", ...base, reason, commands });
        return;
      }
      case "AI Directive":
        if (bodyText.trim() === "") report(line, "AI Directive needs an instruction");
        messages.push({ type: "AI Directive", ...base, action: header.action });
        return;
      case "Suggestions": {
        const items: AcorSuggestionItem[] = body.flatMap((info) => {
          const item = info.fenced ? undefined : LIST_ITEM.exec(info.text)?.[1];
          return item === undefined ? [] : [{ line: info.line, text: item, commands: inlineCodeSpans(item) }];
        });
        if (items.length === 0) report(line, 'Suggestions needs at least one "- " item with a command');
        for (const item of items) if (item.commands.length === 0) report(item.line, "suggestion has no command in inline code");
        messages.push({ type: "Suggestions", ...base, ...(header.title === undefined ? {} : { title: header.title }), items });
        return;
      }
    }
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { messages, problems };
}

/**
 * Validates ACOR Markdown, or a captured CallToolResult carrying it in exactly one text block
 * (then `isError` must be true exactly when there is an Error message or a Failed status).
 */
export function validateAcor(value: unknown): ValidationProblem[] {
  if (typeof value === "string") return parseAcor(value).problems;
  if (!isRecord(value) || !Array.isArray(value["content"])) {
    return [{ path: "", message: "expected ACOR Markdown, or a CallToolResult whose content holds it" }];
  }
  const content: unknown[] = value["content"];
  const textIndexes = content.flatMap((item, index) => (isRecord(item) && item["type"] === "text" && typeof item["text"] === "string" ? [index] : []));
  const index = textIndexes[0];
  const item = index === undefined ? undefined : content[index];
  if (textIndexes.length !== 1 || index === undefined || !isRecord(item) || typeof item["text"] !== "string") {
    return [{ path: "/content", message: `expected exactly one text block holding the ACOR Markdown, found ${textIndexes.length}` }];
  }
  const parsed = parseAcor(item["text"]);
  const problems = parsed.problems.map((problem) => ({ ...problem, path: `/content/${index}/text` }));
  const error = isErrorOutput(parsed.messages);
  if (error && value["isError"] !== true) {
    problems.push({ path: "/isError", message: "isError must be true: the output has an Error message or a Failed status" });
  }
  if (!error && value["isError"] === true) {
    problems.push({ path: "/isError", message: "isError is true but the output has no Error message or Failed status" });
  }
  return problems;
}
