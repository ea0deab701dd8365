/**
 * Agent Output Protocol (AOP) runtime.
 *
 * Emitted verbatim into MCP server projects by mcp-conform, and imported by mcp-conform itself for
 * `validate`, so the two can never disagree. It imports nothing and uses erasable syntax only.
 *
 * AOP is a TEXT protocol: a tool's output is text wrapped in marker blocks
 * (`=== AOP-FINAL | agent=x ===` ... `=== END-AOP-FINAL ===`). `toCallToolResult` puts that text
 * in one text block and sets no `structuredContent`, so the SDK's outputSchema check does not
 * apply to AOP tools: they must not declare an `outputSchema`.
 *
 * DECISIONS, where the document is loose or wrong (each one is tested):
 *
 * 1. Nesting. Blocks may nest, like elements: an INTERMEDIATE report may carry a sub-agent's FINAL
 *    block verbatim. An END marker closes the innermost open block and must name its type. The
 *    document's sample validator only checks that some END exists somewhere in the output; this
 *    one reports, with line numbers: an END with no open block, an END whose type matches no open
 *    block (mismatched), an END that closes an outer block while an inner one is still open
 *    (wrongly nested), and a block that is never closed.
 * 2. Marker lines. A marker is a whole line starting at column 1; trailing spaces, tabs and a `\r`
 *    are ignored. Indented lines are content, so AOP syntax can be quoted inside content by
 *    indenting it (e.g. a Markdown indented code block). END markers carry no attributes.
 * 3. Attribute syntax. `=== AOP-TYPE | name=value | name="quoted value" ===`. Names match
 *    `[A-Za-z][A-Za-z0-9_-]*` and are unique per marker. A value is either bare (no whitespace,
 *    `|` or leading `"`; it may hold `=`, the name ends at the first `=`, so
 *    `source=https://x.com/a?b=c` parses) or double-quoted with the escapes `\"` `\\` `\n` `\r`
 *    `\t` and `\uXXXX`. The emitter writes a value bare only when it is plain ASCII without `=`,
 *    and quotes everything else, escaping controls, U+2028/U+2029 and lone surrogates as `\uXXXX`
 *    so the marker stays on one line and survives UTF-8 transport: any string round-trips
 *    emit -> parse exactly. (The document's regex drops every marker whose value holds `=` or a
 *    space.)
 * 4. Attribute types. The document's six attributes (agent, format, lines, source, version,
 *    confidence) and the two its examples use (code, sources) are typed; others go in `extra`.
 *    `agent` is typed by the server's tool-name union `TTool`: an MCP server's agent is its tool.
 * 5. Numbers. `confidence` is a 0..1 score: emitters clamp it (NaN throws) and write it as a plain
 *    decimal numeral (never `1e-7`); the validator rejects anything else. `lines` and `sources` are
 *    counts: emitters throw on a value that is not a non-negative integer, the validator rejects
 *    one. A value that is wholly a template placeholder (`<total_lines>`, `{doc_dir}`) is accepted,
 *    because the document's own examples are written with them. Values are judged as the text
 *    they are, never as the number they round to: `confidence=1.0000000000000000001` is above 1
 *    (though it parses to 1) and is rejected, `lines=99999999999999999999` is a count (though no
 *    double holds it exactly) and is accepted. The rules are `AOP_ATTRIBUTE_PATTERNS`, which the
 *    JSON Schema of the parsed document uses as its patterns.
 * 6. FINAL blocks begin with the pass-through instruction line (`AOP_FINAL_INSTRUCTION`), as every
 *    FINAL block in the document does: the emitter writes it, the parser strips it from `content`,
 *    the validator requires it.
 * 7. Unmarked text. Output with no block is reported, and so is non-blank text outside any block
 *    (once per stretch between markers), per the document's strict mode: "System should warn if
 *    unmarked output is received". Blank lines between blocks are fine.
 * 8. Content is exact: the lines between the two markers joined by `\n` (a `\r` before `\n` stays
 *    in the content). Emitters throw a RangeError when content holds marker lines that do not form
 *    whole, valid blocks, so emitted output always validates; nest blocks by passing emitted text
 *    as content. Blocks are joined by one blank line, as in the document's STREAM and CONTEXT
 *    examples.
 * 9. CONTEXT content may be given as an object, written as one-line JSON as in the document. The
 *    validator does not require CONTEXT to be JSON: the document's own example (`{...}`) is not.
 * 10. Errors. `toCallToolResult` sets `isError: true` when a top-level block is ERROR; an ERROR
 *     nested inside another block is part of that block's content (a sub-agent's error quoted in a
 *     report). A captured CallToolResult is checked for the same rule.
 * 11. The document's notation lines (`=== AOP-{TYPE} ===`) are syntax, not output: a marker of an
 *     unknown type is reported. STREAM chunks are ordered by position; the document defines no
 *     attribute for the last chunk, so none is invented.
 */

/** One problem found by the validator; `line` is 1-based. Same shape as mcp-conform's. */
export interface ValidationProblem {
  path: string;
  message: string;
  line?: number;
}

export const AOP_MARKER_TYPES = ["FINAL", "INTERMEDIATE", "STREAM", "ERROR", "CONTEXT"] as const;
export type AopMarkerType = (typeof AOP_MARKER_TYPES)[number];

/** First content line of every FINAL block. */
export const AOP_FINAL_INSTRUCTION =
  "**Pass through EXACTLY as-is** — NO summarizing, NO rephrasing, NO commentary";

/** The document names markdown, json and code; any other format string is allowed. */
export type AopFormat = "markdown" | "json" | "code" | (string & {});

export interface AopAttributes<TTool extends string = string> {
  /** The agent that produced the block: for an MCP server, one of its tools. */
  readonly agent?: TTool;
  readonly format?: AopFormat;
  /** Line count of the content. */
  readonly lines?: number;
  /** Source URL or path. */
  readonly source?: string;
  /** Document or API version. */
  readonly version?: string;
  /** Confidence score, 0..1 (clamped). */
  readonly confidence?: number;
  /** Error code, as in the document's ERROR example (`code=DOC_NOT_FOUND`). */
  readonly code?: string;
  /** Number of sources, as in the document's QA example (`sources=3`). */
  readonly sources?: number;
  /** Further attributes, written after the typed ones in insertion order. */
  readonly extra?: { readonly [name: string]: string };
}

export interface AopBlockInput<TTool extends string = string> {
  readonly content: string;
  readonly attributes?: AopAttributes<TTool>;
}

export interface AopContextInput<TTool extends string = string> {
  /** Text, or an object written as one-line JSON. */
  readonly content: string | object;
  readonly attributes?: AopAttributes<TTool>;
}

declare const aopTextBrand: unique symbol;
/** Text produced by the emitters: only this is accepted by `toCallToolResult`. */
export type AopText = string & { readonly [aopTextBrand]: true };

/** A parsed block. `content` excludes the FINAL instruction line. */
export interface AopBlock {
  readonly type: AopMarkerType;
  readonly attributes: { readonly [name: string]: string };
  readonly content: string;
  readonly children: readonly AopBlock[];
  /** Line of the opening marker. */
  readonly line: number;
  /** Line of the END marker. */
  readonly endLine: number;
}

export interface AopDocument {
  readonly blocks: readonly AopBlock[];
}

export interface AopParseResult extends AopDocument {
  readonly problems: ValidationProblem[];
}

/** Assignable to the MCP SDK's `CallToolResult`. */
export type AopCallToolResult = {
  content: [{ type: "text"; text: string }];
  isError?: true;
};

// ---------------------------------------------------------------------------------------------
// Emitting

const TYPED_ATTRIBUTE_NAMES = ["agent", "format", "lines", "source", "version", "confidence", "code", "sources"];
const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const BARE_VALUE = /^[A-Za-z0-9._~:\/?#@!$&'()*+,;%<>{}[\]^-]+$/;

function clampScore(name: string, value: number): string {
  if (Number.isNaN(value)) throw new RangeError(`AOP attribute ${name} must be a number, got NaN`);
  const clamped = Math.min(1, Math.max(0, value));
  const text = String(clamped);
  // String() writes exponents below 1e-6 (`1e-7`), which is no decimal numeral (decision 5).
  return /e/i.test(text) ? clamped.toFixed(20).replace(/\.?0+$/, "") : text;
}

function count(name: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`AOP attribute ${name} must be a non-negative integer, got ${value}`);
  }
  return String(value);
}

function attributePairs(attributes: AopAttributes | undefined): Array<[string, string]> {
  if (attributes === undefined) return [];
  const pairs: Array<[string, string]> = [];
  if (attributes.agent !== undefined) pairs.push(["agent", attributes.agent]);
  if (attributes.format !== undefined) pairs.push(["format", attributes.format]);
  if (attributes.lines !== undefined) pairs.push(["lines", count("lines", attributes.lines)]);
  if (attributes.source !== undefined) pairs.push(["source", attributes.source]);
  if (attributes.version !== undefined) pairs.push(["version", attributes.version]);
  if (attributes.confidence !== undefined) pairs.push(["confidence", clampScore("confidence", attributes.confidence)]);
  if (attributes.code !== undefined) pairs.push(["code", attributes.code]);
  if (attributes.sources !== undefined) pairs.push(["sources", count("sources", attributes.sources)]);
  for (const [name, value] of Object.entries(attributes.extra ?? {})) {
    if (!ATTRIBUTE_NAME.test(name)) throw new RangeError(`AOP attribute name ${JSON.stringify(name)} is not [A-Za-z][A-Za-z0-9_-]*`);
    if (TYPED_ATTRIBUTE_NAMES.includes(name)) throw new RangeError(`AOP attribute ${name} is typed: set it directly, not in extra`);
    pairs.push([name, value]);
  }
  return pairs;
}

function hex4(code: number): string {
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Writes a value bare when that is unambiguous, otherwise quoted (decision 3). */
export function renderAopAttributeValue(value: string): string {
  if (BARE_VALUE.test(value)) return value;
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const ch = value.charAt(i);
    const code = value.charCodeAt(i);
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) out += hex4(code);
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value.slice(i, i + 2);
        i++;
      } else out += hex4(code);
    } else if (code >= 0xdc00 && code <= 0xdfff) out += hex4(code);
    else out += ch;
  }
  return `${out}"`;
}

function renderOpen(type: AopMarkerType, attributes: AopAttributes | undefined): string {
  const rendered = attributePairs(attributes).map(([name, value]) => ` | ${name}=${renderAopAttributeValue(value)}`);
  return `=== AOP-${type}${rendered.join("")} ===`;
}

/** Emits one block of any type; the typed helpers below are what tools normally call. */
export function aopBlock<TTool extends string = string>(type: AopMarkerType, input: AopBlockInput<TTool>): AopText {
  const structural = scan(input.content).problems.filter((problem) => problem.kind === "marker");
  const first = structural[0];
  if (first !== undefined) {
    throw new RangeError(
      `AOP-${type} content line ${first.line}: ${first.message}; nest whole blocks made by the emitters, or indent text that quotes AOP markers`,
    );
  }
  const body = type === "FINAL" ? `${AOP_FINAL_INSTRUCTION}\n${input.content}` : input.content;
  return `${renderOpen(type, input.attributes)}\n${body === "" ? "" : `${body}\n`}=== END-AOP-${type} ===` as AopText;
}

/** Output the receiver must pass through unchanged. */
export function aopFinal<TTool extends string = string>(input: AopBlockInput<TTool>): AopText {
  return aopBlock("FINAL", input);
}

/** Output the receiver may summarise, reformat or process further. */
export function aopIntermediate<TTool extends string = string>(input: AopBlockInput<TTool>): AopText {
  return aopBlock("INTERMEDIATE", input);
}

/** One chunk of streamed output; emit one block per chunk. */
export function aopStream<TTool extends string = string>(input: AopBlockInput<TTool>): AopText {
  return aopBlock("STREAM", input);
}

/** Error output to be shown as-is; `toCallToolResult` marks it `isError`. */
export function aopError<TTool extends string = string>(input: AopBlockInput<TTool>): AopText {
  return aopBlock("ERROR", input);
}

/** Metadata accompanying the main output. */
export function aopContext<TTool extends string = string>(input: AopContextInput<TTool>): AopText {
  const { content } = input;
  let text: string;
  if (typeof content === "string") text = content;
  else {
    const json: unknown = JSON.stringify(content);
    if (typeof json !== "string") throw new TypeError("AOP-CONTEXT content object does not serialise to JSON");
    text = json;
  }
  return aopBlock("CONTEXT", input.attributes === undefined ? { content: text } : { content: text, attributes: input.attributes });
}

/** Several blocks as one output, separated by a blank line. */
export function aopJoin(...blocks: readonly AopText[]): AopText {
  return blocks.join("\n\n") as AopText;
}

export interface AopEmitters<TTool extends string> {
  readonly block: (type: AopMarkerType, input: AopBlockInput<TTool>) => AopText;
  readonly final: (input: AopBlockInput<TTool>) => AopText;
  readonly intermediate: (input: AopBlockInput<TTool>) => AopText;
  readonly stream: (input: AopBlockInput<TTool>) => AopText;
  readonly error: (input: AopBlockInput<TTool>) => AopText;
  readonly context: (input: AopContextInput<TTool>) => AopText;
  readonly join: (...blocks: readonly AopText[]) => AopText;
}

/** The emitters bound to the server's tool-name union, so `agent` must name a real tool. */
export function createAop<TTool extends string = string>(): AopEmitters<TTool> {
  return {
    block: aopBlock,
    final: aopFinal,
    intermediate: aopIntermediate,
    stream: aopStream,
    error: aopError,
    context: aopContext,
    join: aopJoin,
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering to MCP

/** One text block holding the AOP text; `isError: true` when a top-level block is ERROR. */
export function toCallToolResult(text: AopText): AopCallToolResult {
  const result: AopCallToolResult = { content: [{ type: "text", text }] };
  if (parseAop(text).blocks.some((block) => block.type === "ERROR")) result.isError = true;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Parsing and validating

/**
 * A marker line as read. `malformed` says what is wrong with it; when its type could still be
 * read, the marker keeps its place in the nesting so one typo is reported once, not again as
 * stray content and an unmatched END.
 */
type RawMarker = {
  kind: "open" | "end";
  type: string | undefined;
  attributes: Record<string, string>;
  duplicates: string[];
  malformed?: string;
};

type ScanProblem = { kind: "marker" | "content"; line: number; message: string };

/** A value that is wholly a template placeholder: `<total_lines>`, `{doc_dir}` (decision 5). */
const PLACEHOLDER = "<[^<>]+>|\\{[^{}]+\\}";

/**
 * What a typed attribute's text must be (decision 5), or a placeholder. `confidence` is a decimal
 * numeral from 0 to 1 (`0`, `.5`, `0.85`, `1`, `1.000`); `lines` and `sources` are digit strings.
 */
export const AOP_ATTRIBUTE_PATTERNS = {
  confidence: `^(?:0+(?:\\.\\d+)?|0*\\.\\d+|0*1(?:\\.0+)?|${PLACEHOLDER})$`,
  lines: `^(?:\\d+|${PLACEHOLDER})$`,
  sources: `^(?:\\d+|${PLACEHOLDER})$`,
} as const;

const ATTRIBUTE_RULES: ReadonlyArray<{ name: string; pattern: RegExp; expected: string }> = [
  { name: "confidence", pattern: new RegExp(AOP_ATTRIBUTE_PATTERNS.confidence, "u"), expected: "a number from 0 to 1" },
  { name: "lines", pattern: new RegExp(AOP_ATTRIBUTE_PATTERNS.lines, "u"), expected: "a non-negative integer" },
  { name: "sources", pattern: new RegExp(AOP_ATTRIBUTE_PATTERNS.sources, "u"), expected: "a non-negative integer" },
];

function isMarkerType(type: string): type is AopMarkerType {
  return (AOP_MARKER_TYPES as readonly string[]).includes(type);
}

function readQuoted(line: string, start: number): { value: string; end: number } | { error: string } {
  let value = "";
  let pos = start + 1;
  while (pos < line.length) {
    const ch = line.charAt(pos);
    if (ch === '"') return { value, end: pos + 1 };
    if (ch !== "\\") {
      value += ch;
      pos++;
      continue;
    }
    const escaped = line.charAt(pos + 1);
    const simple: Record<string, string> = { '"': '"', "\\": "\\", n: "\n", r: "\r", t: "\t" };
    const replacement = simple[escaped];
    if (replacement !== undefined) {
      value += replacement;
      pos += 2;
    } else if (escaped === "u" && /^[0-9A-Fa-f]{4}$/.test(line.slice(pos + 2, pos + 6))) {
      value += String.fromCharCode(parseInt(line.slice(pos + 2, pos + 6), 16));
      pos += 6;
    } else {
      return { error: `invalid escape "\\${escaped}" at column ${pos + 1}` };
    }
  }
  return { error: `unterminated quoted value starting at column ${start + 1}` };
}

function readOpen(line: string): RawMarker {
  const marker: RawMarker = { kind: "open", type: undefined, attributes: {}, duplicates: [] };
  const fail = (message: string): RawMarker => ({ ...marker, malformed: message });
  let pos = "=== AOP-".length;
  const typeMatch = /[^\s|=]+/y;
  typeMatch.lastIndex = pos;
  const type = typeMatch.exec(line)?.[0];
  if (type === undefined) return fail('missing the marker type after "=== AOP-"');
  marker.type = type;
  pos += type.length;
  const seen = new Set<string>();
  for (;;) {
    const spaceStart = pos;
    while (line.charAt(pos) === " " || line.charAt(pos) === "\t") pos++;
    if (pos >= line.length) return fail(`missing the closing " ===" at column ${pos + 1}`);
    if (line.startsWith("===", pos) && pos + 3 === line.length) {
      return pos === spaceStart ? fail(`expected a space before the closing "===" at column ${pos + 1}`) : marker;
    }
    if (line.charAt(pos) !== "|") return fail(`expected "|" or the closing " ===" at column ${pos + 1}`);
    pos++;
    while (line.charAt(pos) === " " || line.charAt(pos) === "\t") pos++;
    const nameMatch = /[A-Za-z][A-Za-z0-9_-]*/y;
    nameMatch.lastIndex = pos;
    const name = nameMatch.exec(line)?.[0];
    if (name === undefined) return fail(`expected an attribute name at column ${pos + 1}`);
    pos += name.length;
    if (line.charAt(pos) !== "=") return fail(`expected "=" after attribute name "${name}" at column ${pos + 1}`);
    pos++;
    let value: string;
    if (line.charAt(pos) === '"') {
      const quoted = readQuoted(line, pos);
      if ("error" in quoted) return fail(`attribute "${name}": ${quoted.error}`);
      value = quoted.value;
      pos = quoted.end;
    } else {
      const bareMatch = /[^\s|"][^\s|]*/y;
      bareMatch.lastIndex = pos;
      const bare = bareMatch.exec(line)?.[0];
      if (bare === undefined) return fail(`attribute "${name}" has no value at column ${pos + 1} (write ${name}="" for an empty value)`);
      value = bare;
      pos += bare.length;
    }
    if (seen.has(name)) marker.duplicates.push(name);
    else {
      seen.add(name);
      marker.attributes[name] = value;
    }
  }
}

function readEnd(line: string): RawMarker {
  const type = /^=== END-AOP-([^\s|=]+)/.exec(line)?.[1];
  const marker: RawMarker = { kind: "end", type, attributes: {}, duplicates: [] };
  if (type !== undefined && line === `=== END-AOP-${type} ===`) return marker;
  if (type !== undefined && /^\s*\|/.test(line.slice(`=== END-AOP-${type}`.length))) {
    return { ...marker, malformed: "END markers take no attributes" };
  }
  return { ...marker, malformed: 'expected "=== END-AOP-<TYPE> ==="' };
}

function readMarker(raw: string): RawMarker | undefined {
  const line = raw.replace(/[ \t\r]+$/, "");
  if (line.startsWith("=== END-AOP-")) return readEnd(line);
  if (line.startsWith("=== AOP-")) return readOpen(line);
  return undefined;
}

function attributeValueProblems(attributes: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    const rule = ATTRIBUTE_RULES.find((candidate) => candidate.name === name);
    if (rule !== undefined && !rule.pattern.test(value)) {
      problems.push(`attribute ${name} must be ${rule.expected}, got ${JSON.stringify(value)}`);
    }
  }
  return problems;
}

const TYPE_LIST = "FINAL, INTERMEDIATE, STREAM, ERROR or CONTEXT";

function unknownType(type: string): string {
  return `unknown AOP marker type ${JSON.stringify(type)} (expected ${TYPE_LIST})`;
}

/** The single pass behind parsing, validating and the emitters' content check. */
function scan(text: string): { blocks: AopBlock[]; problems: ScanProblem[]; sawMarker: boolean } {
  const lines = text.split("\n");
  const problems: ScanProblem[] = [];
  const root: AopBlock[] = [];
  // A frame of unknown type still nests (its END closes it quietly) but yields no block.
  type Frame = { type: string; attributes: Record<string, string>; index: number; children: AopBlock[] };
  // Attribute values are judged when their block is complete: a marker of unknown type, or a block
  // never closed, yields no block, and its one problem is that (the parsed tree has no such block).
  const stack: Frame[] = [];
  let sawMarker = false;
  let outsideReported = false;
  const childrenOf = (depth: number): AopBlock[] => (depth > 0 ? (stack[depth - 1]?.children ?? root) : root);
  const report = (line: number, message: string): void => {
    problems.push({ kind: "marker", line, message });
  };

  lines.forEach((raw, index) => {
    const line = index + 1;
    const marker = readMarker(raw);
    if (marker === undefined) {
      if (stack.length === 0 && raw.trim() !== "" && !outsideReported) {
        problems.push({ kind: "content", line, message: "text outside any AOP block" });
        outsideReported = true;
      }
      return;
    }
    sawMarker = true;
    outsideReported = false;
    if (marker.malformed !== undefined) report(line, `malformed AOP marker: ${marker.malformed}`);
    const { type } = marker;
    if (type === undefined) return;
    if (marker.kind === "open") {
      if (!isMarkerType(type)) report(line, unknownType(type));
      for (const name of marker.duplicates) report(line, `duplicate attribute "${name}"`);
      stack.push({ type, attributes: marker.attributes, index, children: [] });
      return;
    }
    let depth = -1;
    for (let i = stack.length - 1; i >= 0; i--) {
      if (stack[i]?.type === type) {
        depth = i;
        break;
      }
    }
    const innermost = stack[stack.length - 1];
    const frame = stack[depth];
    if (frame === undefined) {
      if (!isMarkerType(type)) report(line, unknownType(type));
      else if (innermost === undefined) report(line, `END-AOP-${type} without an open AOP-${type} block`);
      else report(line, `END-AOP-${type} does not match the innermost open block AOP-${innermost.type} (line ${innermost.index + 1})`);
      return;
    }
    if (innermost !== undefined && frame !== innermost) {
      report(
        line,
        `END-AOP-${type} closes AOP-${type} (line ${frame.index + 1}) while AOP-${innermost.type} (line ${innermost.index + 1}) is still open inside it`,
      );
    }
    stack.splice(depth, 1);
    if (!isMarkerType(type)) {
      childrenOf(depth).push(...frame.children);
      return;
    }
    for (const message of attributeValueProblems(frame.attributes)) report(frame.index + 1, message);
    let contentLines = lines.slice(frame.index + 1, index);
    if (type === "FINAL") {
      if ((contentLines[0] ?? "").replace(/[ \t\r]+$/, "") === AOP_FINAL_INSTRUCTION) contentLines = contentLines.slice(1);
      else report(frame.index + 1, `AOP-FINAL block must begin with the pass-through instruction line: ${AOP_FINAL_INSTRUCTION}`);
    }
    childrenOf(depth).push({
      type,
      attributes: frame.attributes,
      content: contentLines.join("\n"),
      children: frame.children,
      line: frame.index + 1,
      endLine: line,
    });
  });

  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    report(frame.index + 1, `AOP-${frame.type} block is never closed (expected === END-AOP-${frame.type} ===)`);
    // Blocks finished inside an unclosed one are kept, one level up.
    childrenOf(stack.length).push(...frame.children);
  }
  problems.sort((a, b) => a.line - b.line);
  return { blocks: root, problems, sawMarker };
}

/** Parses AOP text into its block tree; `problems` is everything `validateAop` reports. */
export function parseAop(text: string): AopParseResult {
  const { blocks, problems, sawMarker } = scan(text);
  if (!sawMarker) {
    return {
      blocks,
      problems: [{ path: "", line: 1, message: "no AOP block found: wrap the output in === AOP-<TYPE> === ... === END-AOP-<TYPE> ===" }],
    };
  }
  return { blocks, problems: problems.map(({ line, message }) => ({ path: "", line, message })) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Validates AOP text, or a captured CallToolResult carrying it in exactly one text block (then
 * `isError` must be true exactly when a top-level block is ERROR).
 */
export function validateAop(value: unknown): ValidationProblem[] {
  if (typeof value === "string") return parseAop(value).problems;
  if (!isRecord(value) || !Array.isArray(value["content"])) {
    return [{ path: "", message: "expected AOP text, or a CallToolResult whose content holds it" }];
  }
  const content: unknown[] = value["content"];
  const textIndexes = content.flatMap((item, index) => (isRecord(item) && item["type"] === "text" && typeof item["text"] === "string" ? [index] : []));
  const index = textIndexes[0];
  const item = index === undefined ? undefined : content[index];
  if (textIndexes.length !== 1 || index === undefined || !isRecord(item) || typeof item["text"] !== "string") {
    return [{ path: "/content", message: `expected exactly one text block holding the AOP text, found ${textIndexes.length}` }];
  }
  const parsed = parseAop(item["text"]);
  const problems = parsed.problems.map((problem) => ({ ...problem, path: `/content/${index}/text` }));
  const hasError = parsed.blocks.some((block) => block.type === "ERROR");
  if (hasError && value["isError"] !== true) {
    problems.push({ path: "/isError", message: "isError must be true: the output has a top-level AOP-ERROR block" });
  }
  if (!hasError && value["isError"] === true) {
    problems.push({ path: "/isError", message: "isError is true but the output has no top-level AOP-ERROR block" });
  }
  return problems;
}
