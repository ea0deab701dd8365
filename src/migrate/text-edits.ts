import type { SourceFile } from "ts-morph";
import { ts } from "../compiler.cjs";

/** One replacement in a file's original text; an insertion has `start === end`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * `statement` (a `return` or `throw`) replaced by `const <name> = <value>;` and `return <returned>;`,
 * on two lines where it stands in a block, braced where it is a single statement (`if (x) return ...`).
 */
export function constThenReturn(statement: ts.Statement, name: string, value: string, returned: string): TextEdit & { fileName: string } {
  const file = statement.getSourceFile();
  const start = statement.getStart(file);
  const lineStart = file.text.lastIndexOf("\n", start - 1) + 1;
  const indent = /^[ \t]*/.exec(file.text.slice(lineStart))![0];
  const parent = statement.parent;
  const inBlock = ts.isBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent) || ts.isSourceFile(parent);
  const text = `const ${name} = ${value};${inBlock ? `\n${indent}` : " "}return ${returned};`;
  return { fileName: file.fileName, start, end: statement.getEnd(), text: inBlock ? text : `{ ${text} }` };
}

/**
 * The edits of one run, per file. Every edit is planned against the text as it was read, so a
 * rewrite never sees another's output; two edits that overlap are a planning bug, refused here
 * rather than applied in an order that would garble the file.
 */
export class EditSet {
  private readonly byFile = new Map<string, TextEdit[]>();

  add(fileName: string, edit: TextEdit): void {
    const edits = this.byFile.get(fileName) ?? [];
    // The same edit twice (two tools storing warnings in one declared type) is one edit.
    if (edits.some((other) => other.start === edit.start && other.end === edit.end && other.text === edit.text)) return;
    const clash = edits.find((other) => edit.start < other.end && other.start < edit.end);
    if (clash) throw new Error(`migrate: overlapping edits in ${fileName} at ${edit.start}-${edit.end} and ${clash.start}-${clash.end}`);
    edits.push(edit);
    this.byFile.set(fileName, edits);
  }

  files(): string[] {
    return [...this.byFile.keys()].sort();
  }

  editsOf(fileName: string): readonly TextEdit[] {
    return this.byFile.get(fileName) ?? [];
  }

  /**
   * Remove and return the edits inside `[start, end)` (an insertion at `end` is outside), so that
   * their text can be composed into one edit of the whole range; null when an edit straddles it.
   */
  takeWithin(fileName: string, start: number, end: number, insertionsAtStart = true): TextEdit[] | null {
    const edits = this.byFile.get(fileName) ?? [];
    const inside = (edit: TextEdit): boolean =>
      edit.start >= start && edit.end <= end && !(edit.start === edit.end && (edit.start === end || (!insertionsAtStart && edit.start === start)));
    const outside = (edit: TextEdit): boolean => edit.end <= start || edit.start >= end;
    if (edits.some((edit) => !inside(edit) && !outside(edit))) return null;
    this.byFile.set(
      fileName,
      edits.filter((edit) => !inside(edit)),
    );
    return edits.filter(inside);
  }

  /** The edits so far, to `restore` when a tool turns out not to be migratable halfway through its plan. */
  snapshot(): Map<string, TextEdit[]> {
    return new Map([...this.byFile].map(([file, edits]) => [file, [...edits]]));
  }

  restore(snapshot: Map<string, TextEdit[]>): void {
    this.byFile.clear();
    for (const [file, edits] of snapshot) this.byFile.set(file, [...edits]);
  }
}

/** Apply a file's edits through ts-morph, which re-parses once: everything outside them stays byte for byte. */
export function applyEdits(file: SourceFile, edits: readonly TextEdit[]): void {
  const changes: ts.TextChange[] = [...edits]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((edit) => ({ span: { start: edit.start, length: edit.end - edit.start }, newText: edit.text }));
  file.applyTextChanges(changes);
}
