import { parseAcor } from "../../src/protocols/acor/runtime.js";
import { parseAop, type AopBlock } from "../../src/protocols/aop/runtime.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { parseJsonText, type Json } from "./preserve.js";

/**
 * Where a protocol's response keeps the tool's payload, read back from what the client received:
 * the formatter templates (src/protocols/<id>/formatter.ts.hbs) put it there.
 */

type ResultLike = { content?: unknown; structuredContent?: unknown };

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function texts(result: ResultLike): string[] {
  if (!Array.isArray(result.content)) return [];
  return result.content.flatMap((block: unknown) => (isRecord(block) && block["type"] === "text" && typeof block["text"] === "string" ? [block["text"]] : []));
}

/** A JSON protocol's envelope: `structuredContent`, or the first text block where a framework sends only text. */
export function jsonEnvelope(result: ResultLike): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const first = texts(result)[0];
  return first === undefined ? undefined : parseJsonText(first);
}

function aopJsonBlocks(blocks: readonly AopBlock[]): AopBlock[] {
  return blocks.flatMap((block) => [
    ...(block.type === "INTERMEDIATE" && block.attributes["format"] === "json" ? [block] : []),
    ...aopJsonBlocks(block.children),
  ]);
}

/** The payload(s) a response carries, by protocol; none on an error envelope. */
export function envelopePayloads(protocol: ProtocolId, result: ResultLike): Json[] {
  switch (protocol) {
    case "aorp": {
      const envelope = jsonEnvelope(result);
      const details = isRecord(envelope) ? envelope["details"] : undefined;
      return isRecord(details) && "data" in details && isRecord(envelope) && isRecord(envelope["immediate"]) && envelope["immediate"]["status"] !== "error"
        ? [details["data"] as Json]
        : [];
    }
    case "smart-v2": {
      const envelope = jsonEnvelope(result);
      const data = isRecord(envelope) ? envelope["data"] : undefined;
      return isRecord(data) && "processed" in data && data["processed"] !== null ? [data["processed"] as Json] : [];
    }
    case "guidance": {
      // The payload's own fields beside `guidance`, or, for a payload that is not an object, `data`.
      const envelope = jsonEnvelope(result);
      if (!isRecord(envelope) || envelope["success"] === false) return [];
      const { guidance: _guidance, ...fields } = envelope;
      const keys = Object.keys(fields);
      return keys.length === 1 && keys[0] === "data" ? [fields as Json, fields["data"] as Json] : [fields as Json];
    }
    case "aop":
      return texts(result).flatMap((text) => aopJsonBlocks(parseAop(text).blocks).flatMap((block) => tryJson(block.content)));
    case "acor":
      return texts(result).flatMap((text) =>
        parseAcor(text).messages.flatMap((message) => (message.type === "Output" && message.data !== undefined ? [message.data as Json] : [])),
      );
  }
}

function tryJson(text: string): Json[] {
  try {
    return [JSON.parse(text) as Json];
  } catch {
    return [];
  }
}

/**
 * Everything JSON a response carries, for the token comparison: its `structuredContent` or JSON
 * text, and the payload a text protocol embeds in its text.
 */
export function carriedJson(protocol: ProtocolId, result: ResultLike): Json[] {
  const found: Json[] = [];
  if (result.structuredContent !== undefined) found.push(result.structuredContent as Json);
  for (const text of texts(result)) {
    const parsed = parseJsonText(text);
    if (parsed !== undefined) found.push(parsed);
  }
  if (protocol === "aop" || protocol === "acor") found.push(...envelopePayloads(protocol, result));
  return found;
}
