import type { ts } from "../compiler.cjs";
import type { ToolCandidate } from "./discover/candidate.js";
import type { CandidateResolution, FileDiscovery, ResolvedTool } from "./analyze.js";
import type { Diagnostic, ToolEntry } from "./inventory.js";
import {
  forEachChild,
  isArrayLiteralExpression,
  isCallExpression,
  isExpressionStatement,
  isIdentifier,
  isObjectLiteralExpression,
  isPropertyAssignment,
  isVariableDeclaration,
  kindOf,
} from "./engine/ast.js";

/**
 * Tool-level reuse inside a changed file (watch mode, incremental.ts). A file of 20 tools whose one
 * registration was edited is walked again, as any changed file; but its other 19 candidates keep
 * what they resolved to, instead of asking the checker about each tool again.
 *
 * That is sound when the edit lies inside one registration that nothing outside it can read
 * (`isSealedRegistrationAround`: a call statement whose value is discarded, `server.registerTool(...);`,
 * or a tool object in an array or map whose variable's type is declared), before and after the
 * edit, and the file is affected by its own edit alone (checked by the caller: every other changed
 * file it imports declares what it did). Then nothing outside that registration changed: what it
 * declares is not visible outside it, its value (or its variable's type) is what it was, and every
 * text outside it is the same. Another tool's registration, handler and the types they reach read as before, and its
 * resolution stands, once its nodes are the new tree's (found again by kind and shifted position)
 * and, when the edit added or removed lines, its lines after the edit are shifted.
 *
 * Relations (warnings, references) are not carried: they are worked out again for every tool of a
 * walked file, over the new nodes.
 */

/** Where two texts differ: `[start, oldEnd)` of the old text became `[start, newEnd)` of the new one. */
export interface TextEdit {
  start: number;
  oldEnd: number;
  newEnd: number;
}

export function textEdit(before: string, after: string): TextEdit {
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let suffix = 0;
  while (suffix < limit - start && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { start, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

/**
 * Fills `after.resolutions` with the resolutions of `before`'s candidates that stand, for the
 * candidates of the new walk of the same file; the number carried. `relativeFile` is the file as
 * the inventory names it (its lines are shifted).
 */
export function carryResolutions(before: FileDiscovery, after: FileDiscovery, file: ts.SourceFile, relativeFile: string): number {
  const oldFile = before.candidates[0]?.registration.getSourceFile();
  if (!oldFile || oldFile.fileName !== file.fileName || oldFile === file) return 0;
  const edit = textEdit(oldFile.text, file.text);
  const delta = edit.newEnd - edit.oldEnd;
  // The one registration the edit is in, in the old file and in the new one: the same call statement or tool object.
  const editedBefore = before.candidates.find((c) => isSealedRegistrationAround(c.registration, edit.start, edit.oldEnd));
  const editedAfter = after.candidates.find((c) => isSealedRegistrationAround(c.registration, edit.start, edit.newEnd));
  if (!editedBefore || !editedAfter) return 0;
  if (editedAfter.registration.pos !== editedBefore.registration.pos || editedAfter.registration.end !== editedBefore.registration.end + delta) return 0;

  const lines = lineShift(oldFile, file, edit);
  // Two candidates of one style on one registration (a registration read twice) are told apart by nothing here: neither is carried.
  const oldByPlace = new Map<string, ToolCandidate | null>();
  for (const candidate of before.candidates) {
    const moved = movedRange(candidate.registration, edit);
    if (!moved) continue;
    const key = placeKey(candidate, moved.pos, moved.end);
    oldByPlace.set(key, oldByPlace.has(key) ? null : candidate);
  }
  const newPlaces = after.candidates.map((candidate) => placeKey(candidate, candidate.registration.pos, candidate.registration.end));
  const counts = new Map<string, number>();
  for (const key of newPlaces) counts.set(key, (counts.get(key) ?? 0) + 1);
  let carried = 0;
  for (const [index, candidate] of after.candidates.entries()) {
    const key = newPlaces[index]!;
    const old = counts.get(key) === 1 ? oldByPlace.get(key) : undefined;
    const resolution = old ? before.resolutions.get(old) : undefined;
    if (!resolution || resolution.recursions.length > 0) continue;
    const moved = movedResolution(resolution, oldFile, file, edit, lines, relativeFile);
    if (!moved) continue;
    after.resolutions.set(candidate, moved);
    carried++;
  }
  return carried;
}

/**
 * The registration holds `[start, end)` and nothing outside it can read what it says:
 * - a call whose statement is nothing else (its value discarded): `server.registerTool(...);`;
 * - a tool object that is an element of an array, or a property's value in an object, written as
 *   the initializer of a variable whose type is declared (`const tools: Tool[] = [...]`,
 *   `const tools: Record<string, Tool> = { ... }`): the variable's type is the declared one
 *   whatever the element says, and each element is typed by it, not by its neighbours. Without
 *   the declared type the variable's type is inferred from every element, and a handler that reads
 *   it (a tool that lists the others) would read the edit. The variable must not be named
 *   elsewhere in the file either (below).
 */
function isSealedRegistrationAround(registration: ts.Node, start: number, end: number): boolean {
  if (!(registration.pos <= start && end <= registration.end)) return false;
  const parent = registration.parent;
  if (!parent) return false;
  if (isCallExpression(registration)) return isExpressionStatement(parent) && parent.expression === registration;
  if (!isObjectLiteralExpression(registration)) return false;
  const container = isArrayLiteralExpression(parent)
    ? parent
    : isPropertyAssignment(parent) && parent.initializer === registration && parent.parent && isObjectLiteralExpression(parent.parent)
      ? parent.parent
      : undefined;
  const declaration = container?.parent;
  if (!declaration || !isVariableDeclaration(declaration) || declaration.initializer !== container || declaration.type === undefined) return false;
  // The analysis also reads initializers as written (resolve/values.ts: `tools.flush.description`),
  // past any declared type: the variable must not be named anywhere else in its file. Importers
  // are affected by the edit, and analysed again.
  return isIdentifier(declaration.name) && namedOnce(registration.getSourceFile().text, declaration.name.text);
}

/** `name` stands once in `text` as a whole word (its declaration); a comment or string naming it counts too, which only carries less. */
function namedOnce(text: string, name: string): boolean {
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (!isIdentifierChar(text.charCodeAt(at - 1)) && !isIdentifierChar(text.charCodeAt(at + name.length)) && ++count > 1) return false;
  }
  return count === 1;
}

function isIdentifierChar(code: number): boolean {
  // NaN (before the start, past the end) is no identifier character; non-ASCII ones count, to be safe.
  return code === 36 || code === 95 || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 127;
}

function placeKey(candidate: ToolCandidate, pos: number, end: number): string {
  return `${candidate.style}\u0000${candidate.generic === true}\u0000${kindOf(candidate.registration)}\u0000${pos}\u0000${end}`;
}

/** A node's range in the new text, when it lies wholly before or after the edit. */
function movedRange(node: ts.Node, edit: TextEdit): { pos: number; end: number } | undefined {
  if (node.end <= edit.start) return { pos: node.pos, end: node.end };
  if (node.pos >= edit.oldEnd) return { pos: node.pos + edit.newEnd - edit.oldEnd, end: node.end + edit.newEnd - edit.oldEnd };
  return undefined;
}

/** The new tree's node of the same kind at the shifted range; undefined when there is none. */
function nodeAt(file: ts.SourceFile, kind: ts.SyntaxKind, pos: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): true | undefined => {
    if (node.pos > pos || node.end < end) return undefined;
    if (node.pos === pos && node.end === end && kindOf(node) === kind) {
      found = node;
      return true;
    }
    return forEachChild(node, visit);
  };
  forEachChild(file, visit);
  return found;
}

type LineShift = (line: number) => number | undefined;

/**
 * Old line to new line: unchanged before the edit's first line, shifted after its last; a line the
 * edit spans has no answer (something on it may be before or after the edit).
 */
function lineShift(oldFile: ts.SourceFile, file: ts.SourceFile, edit: TextEdit): LineShift {
  const first = oldFile.getLineAndCharacterOfPosition(edit.start).line + 1;
  const last = oldFile.getLineAndCharacterOfPosition(edit.oldEnd).line + 1;
  const shift = file.getLineAndCharacterOfPosition(edit.newEnd).line + 1 - last;
  if (shift === 0) return (line) => line;
  return (line) => (line < first ? line : line > last ? line + shift : undefined);
}

function movedResolution(
  resolution: CandidateResolution,
  oldFile: ts.SourceFile,
  file: ts.SourceFile,
  edit: TextEdit,
  lines: LineShift,
  relativeFile: string,
): CandidateResolution | undefined {
  const place = <T extends { file: string | null; line: number | null }>(located: T): T | undefined => {
    if (located.file !== relativeFile || located.line === null) return located;
    const line = lines(located.line);
    return line === undefined ? undefined : { ...located, line };
  };
  const diagnostics: Diagnostic[] = [];
  for (const diagnostic of resolution.diagnostics) {
    const moved = place(diagnostic);
    if (!moved) return undefined;
    diagnostics.push(moved);
  }
  if (!resolution.tool) return { tool: undefined, diagnostics, recursions: [] };
  const tool = movedTool(resolution.tool, oldFile, file, edit, place);
  return tool ? { tool, diagnostics, recursions: [] } : undefined;
}

type Place = <T extends { file: string | null; line: number | null }>(located: T) => T | undefined;

function movedTool(tool: ResolvedTool, oldFile: ts.SourceFile, file: ts.SourceFile, edit: TextEdit, place: Place): ResolvedTool | undefined {
  const node = <T extends ts.Node>(old: T | null): T | null | undefined => {
    if (old === null || old.getSourceFile() !== oldFile) return old;
    const range = movedRange(old, edit);
    return range ? (nodeAt(file, kindOf(old), range.pos, range.end) as T | undefined) : undefined;
  };
  const scope = node(tool.scope);
  const handler = node(tool.handler);
  const serverKey = tool.server ? node(tool.server.key) : null;
  if (scope === undefined || handler === undefined || serverKey === undefined) return undefined;
  const entry = movedEntry(tool.entry, place);
  if (!entry) return undefined;
  return { entry, scope, handler, server: tool.server && serverKey ? { ...tool.server, key: serverKey } : null };
}

/** Every line the entry holds (each stands beside its file), moved; undefined when one cannot be. */
function movedEntry(entry: ToolEntry, place: Place): ToolEntry | undefined {
  const all = <T extends { file: string; line: number }>(list: readonly T[]): T[] | undefined => {
    const moved: T[] = [];
    for (const item of list) {
      const next = place(item);
      if (!next) return undefined;
      moved.push(next);
    }
    return moved;
  };
  const at = place(entry);
  const handler = entry.handler ? place(entry.handler) : null;
  const server = entry.server ? place(entry.server) : undefined;
  const declared = entry.declaredOutputSchema ? place(entry.declaredOutputSchema) : undefined;
  const returns = all(entry.returns);
  const warnings = all(entry.warnings);
  const references = all(entry.references);
  if (!at || handler === undefined || (entry.server && !server) || (entry.declaredOutputSchema && !declared) || !returns || !warnings || !references) {
    return undefined;
  }
  const moved: ToolEntry = { ...entry, line: at.line, handler, returns, warnings, references };
  if (server) moved.server = server;
  if (declared) moved.declaredOutputSchema = declared;
  return moved;
}
