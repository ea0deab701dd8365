import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { getProtocol } from "../../src/protocols/registry.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import type { ServerStart, WireServer } from "./calls.js";
import { carriedJson, envelopePayloads, texts } from "./envelope.js";
import { describeLoss, jsonEqual, lostFromLegacy, parseJsonText, saidBy } from "./preserve.js";
import type { CallOutcome } from "./session.js";

/**
 * The checks of DESIGN.md's "The wire is the truth", on one call as the client received it. Each
 * returns the problems found as sentences (empty: the call holds).
 */

/**
 * What a framework can put on the wire at all. mcp-framework 0.2.x serialises whatever `execute`
 * returns into one text block and sets `isError` only for a thrown error; it sends
 * `structuredContent` only for a tool that declares an `outputSchema` (then it is the returned
 * value itself). So a JSON protocol's envelope reaches the client as text there, and the harness
 * validates that text instead of a `structuredContent` the framework cannot send.
 */
export function carriesStructuredContent(start: ServerStart): boolean {
  return start.kind !== "mcp-framework";
}

/** The tools a server lists are exactly those its wire-calls.json calls. */
export function listingProblems(server: WireServer, listed: readonly Tool[]): string[] {
  const declared = server.calls.map((entry) => entry.tool).sort();
  const names = listed.map((tool) => tool.name).sort();
  const problems: string[] = [];
  for (const name of names) if (!declared.includes(name)) problems.push(`${name} is listed but wire-calls.json does not call it`);
  for (const name of declared) if (!names.includes(name)) problems.push(`${name} is called but not listed`);
  return problems;
}

/** Whether a legacy response is an error as the legacy server meant it: thrown, `isError`, or an error envelope. */
export function legacyIsError(outcome: CallOutcome): boolean {
  if (outcome.thrown !== undefined) return true;
  const result = outcome.result!;
  if (result.isError === true) return true;
  const candidates = [result.structuredContent, ...texts(result).map(parseJsonText)];
  return candidates.some((value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const record = value as { [key: string]: unknown };
    return (
      record["success"] === false || record["ok"] === false || record["status"] === "error" || (typeof record["error"] === "string" && record["error"] !== "")
    );
  });
}

/**
 * The legacy server's answer is the reference: a success call must succeed there and an error call
 * must fail there, or wire-calls.json does not call what it says it calls.
 */
export function legacyProblems(outcome: CallOutcome): string[] {
  const isError = legacyIsError(outcome);
  if (outcome.call.path === "success" && isError)
    return [`the legacy server answered the success call with an error: ${outcome.thrown ?? JSON.stringify(outcome.result)}`];
  if (outcome.call.path === "error" && !isError) return [`the legacy server answered the error call with a success: ${JSON.stringify(outcome.result)}`];
  return [];
}

export interface MigratedCallContext {
  protocol: ProtocolId;
  start: ServerStart;
  outcome: CallOutcome;
  /** The same call on the legacy server. */
  legacy: CallOutcome;
  /** The tools the migrated server lists: a next step or action must name one of them. */
  tools: readonly string[];
}

/** Every check on one call of a migrated server. */
export function migratedCallProblems({ protocol, start, outcome, legacy, tools }: MigratedCallContext): string[] {
  if (outcome.thrown !== undefined) return [`the client threw: ${outcome.thrown}`];
  const result = outcome.result!;
  const problems: string[] = [];
  const expectError = outcome.call.path === "error";
  if ((result.isError === true) !== expectError) problems.push(`isError is ${String(result.isError ?? false)} on the ${outcome.call.path} path`);

  const definition = getProtocol(protocol);
  if (definition.kind === "json") {
    const structured = result.structuredContent;
    if (structured === undefined && carriesStructuredContent(start)) problems.push("no structuredContent");
    if (structured !== undefined && !texts(result).some((text) => jsonEqual(parseJsonText(text), structured))) {
      problems.push("no text block mirrors structuredContent");
    }
  }
  // The whole result: the validators check its result-level rules too (isError against the envelope, the mirror).
  for (const problem of definition.validate(result, { tools })) {
    problems.push(
      definition.kind === "json"
        ? `envelope ${problem.path || "/"}: ${problem.message}`
        : `text ${problem.line === undefined ? problem.path || "/" : `line ${problem.line}`}: ${problem.message}`,
    );
  }

  const said = saidBy(outcome);
  said.json = carriedJson(protocol, result);
  const losses = lostFromLegacy(saidBy(legacy), { said, payloads: envelopePayloads(protocol, result) }, outcome.call.path);
  problems.push(...losses.map(describeLoss));
  return problems;
}
