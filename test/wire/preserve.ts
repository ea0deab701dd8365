/**
 * "Nothing the legacy response said is lost" (DESIGN.md, "The wire is the truth"), as a comparison
 * of two responses to the same call: the legacy server's and the migrated server's.
 *
 * - Every field of a JSON payload the legacy response carried (its `structuredContent`, or a text
 *   block holding a JSON object or array) is a leaf `(JSON pointer, value)`. On a success path it
 *   must be in the migrated envelope's payload at the same pointer; a leaf the migration moved out
 *   of the payload (SmartResponse V1's `summary` into V2's own sections, say) counts as kept when
 *   its value is somewhere in the migrated response, or, for a string, when all its tokens are.
 *   A `null` leaf is kept when the payload has no field there at all: JSON readers take a missing
 *   field for null, and protocols leave empty fields out (`blocked_reason: null`).
 * - Every token (words, numbers, tool names) of the legacy plain text, and of a thrown error's
 *   message, is somewhere in the migrated response: its text blocks, or the strings and numbers of
 *   any JSON it carries (`structuredContent`, JSON text, a JSON code block in AOP or ACOR text).
 * - On an error path the migrated response is an error envelope, which has no payload: there the
 *   legacy strings and numbers are compared as tokens, and its booleans and nulls (`success: false`)
 *   are not compared, since `isError` and the envelope's own error fields now say it.
 *
 * Pure and small on purpose: `preserve.test.ts` holds it to these rules.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a response said: JSON values, and plain texts. */
export interface Said {
  json: Json[];
  texts: string[];
}

export interface Loss {
  /** A JSON leaf of the legacy payload, or a token of its text. */
  kind: "field" | "token";
  /** The leaf's JSON pointer, or the text the token came from. */
  where: string;
  /** The leaf's value as JSON, or the token. */
  what: string;
}

/** A result or a throw, as a client sees it. */
export interface ResponseLike {
  result?: { content?: unknown; structuredContent?: unknown; isError?: boolean | undefined } | undefined;
  thrown?: string | undefined;
}

/**
 * What frameworks and SDKs put around a thrown error's message: the SDK's `McpError` text, FastMCP's
 * "execution failed" sentence. The legacy server did not say these words; its handler said the rest.
 */
const ERROR_WRAPPERS: readonly RegExp[] = [/^MCP error -?\d+: /, /^Tool '[^']*' execution failed: /];

export function unwrapErrorMessage(message: string): string {
  let text = message;
  for (let changed = true; changed;) {
    changed = false;
    for (const wrapper of ERROR_WRAPPERS) {
      const next = text.replace(wrapper, "");
      if (next !== text) {
        text = next;
        changed = true;
      }
    }
  }
  return text;
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function textBlocks(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown) => (isRecord(block) && block["type"] === "text" && typeof block["text"] === "string" ? [block["text"]] : []));
}

/** A text that is a JSON object or array (a bare JSON string or number is read as text). */
export function parseJsonText(text: string): Json | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return undefined;
  try {
    return JSON.parse(trimmed) as Json;
  } catch {
    return undefined;
  }
}

/** Structural equality of JSON values; key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && jsonEqual(a[key], b[key]));
}

/**
 * What a response said. A text block that mirrors `structuredContent` says nothing more; a thrown
 * error says its message, less the wrapper the SDK or framework put around it.
 */
export function saidBy(response: ResponseLike): Said {
  if (response.thrown !== undefined) return { json: [], texts: [unwrapErrorMessage(response.thrown)] };
  const said: Said = { json: [], texts: [] };
  const structured = response.result?.structuredContent;
  if (structured !== undefined) said.json.push(structured as Json);
  for (const text of textBlocks(response.result?.content)) {
    const parsed = parseJsonText(text);
    if (parsed === undefined) said.texts.push(response.result?.isError === true ? unwrapErrorMessage(text) : text);
    else if (!said.json.some((value) => jsonEqual(value, parsed))) said.json.push(parsed);
  }
  return said;
}

/** Words, numbers (with their decimals) and snake_case names, lower-cased. */
export function tokens(text: string): string[] {
  return (text.match(/[\p{L}\p{M}\p{N}_]+(?:[.,]\p{N}+)*/gu) ?? []).map((token) => token.toLowerCase());
}

/** Every leaf of a JSON value with its JSON pointer; empty arrays and objects are leaves too. */
export function leaves(value: Json, pointer = ""): { pointer: string; value: Json }[] {
  if (Array.isArray(value)) {
    return value.length === 0 ? [{ pointer, value }] : value.flatMap((item, index) => leaves(item, `${pointer}/${index}`));
  }
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return [{ pointer, value }];
    return keys.flatMap((key) => leaves(value[key] as Json, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  }
  return [{ pointer, value }];
}

function at(value: Json, pointer: string): { found: boolean; value?: Json } {
  let current: Json = value;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current) && /^\d+$/.test(key) && Number(key) < current.length) current = current[Number(key)]!;
    else if (isRecord(current) && key in current) current = current[key] as Json;
    else return { found: false };
  }
  return { found: true, value: current };
}

/** Every token the migrated response says: its texts, and the strings and numbers of its JSON. */
function tokenSet(said: Said): Set<string> {
  const found = new Set<string>();
  const add = (text: string) => {
    for (const token of tokens(text)) found.add(token);
  };
  for (const text of said.texts) add(text);
  for (const value of said.json) {
    for (const leaf of leaves(value)) {
      if (typeof leaf.value === "string" || typeof leaf.value === "number") add(String(leaf.value));
    }
  }
  return found;
}

function holdsValue(said: Said, value: Json): boolean {
  return said.json.some((json) => leaves(json).some((leaf) => jsonEqual(leaf.value, value)));
}

export interface Migrated {
  /** What the migrated response said, all of it. */
  said: Said;
  /** The envelope's payload: where the legacy payload's fields belong (absent on an error envelope). */
  payloads: Json[];
}

/** What the legacy response said that the migrated response does not. */
export function lostFromLegacy(legacy: Said, migrated: Migrated, path: "success" | "error"): Loss[] {
  const losses: Loss[] = [];
  const migratedTokens = tokenSet(migrated.said);
  const missingTokens = (text: string) => tokens(text).filter((token) => !migratedTokens.has(token));

  for (const value of legacy.json) {
    for (const leaf of leaves(value)) {
      if (path === "error" && (typeof leaf.value === "boolean" || leaf.value === null)) continue;
      if (
        path === "success" &&
        migrated.payloads.some((payload) => {
          const found = at(payload, leaf.pointer);
          return found.found ? jsonEqual(found.value, leaf.value) : leaf.value === null;
        })
      )
        continue;
      if (holdsValue(migrated.said, leaf.value)) continue;
      if (typeof leaf.value === "string" && tokens(leaf.value).length > 0 && missingTokens(leaf.value).length === 0) continue;
      if (typeof leaf.value === "number" && migratedTokens.has(String(leaf.value))) continue;
      losses.push({ kind: "field", where: leaf.pointer === "" ? "/" : leaf.pointer, what: JSON.stringify(leaf.value) });
    }
  }
  for (const text of legacy.texts) {
    for (const token of new Set(missingTokens(text))) losses.push({ kind: "token", where: text, what: token });
  }
  return losses;
}

export function describeLoss(loss: Loss): string {
  return loss.kind === "field" ? `lost field ${loss.where} = ${loss.what}` : `lost token "${loss.what}" of ${JSON.stringify(loss.where)}`;
}
