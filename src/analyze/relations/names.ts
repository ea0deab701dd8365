/**
 * Finds tool names in text as whole words: `name` with no letter, digit or `_` right before or
 * after it (`/(^|[^A-Za-z0-9_])name([^A-Za-z0-9_]|$)/`). With a thousand tools, testing each
 * name's regex on every string would dominate the analysis, so names are indexed by their first
 * word (`get` for `get-forecast`) and only looked for where a word of the text starts with it.
 */

const WORD = /[A-Za-z0-9_]+/g;
const FIRST_WORD = /^[A-Za-z0-9_]+/;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9_]/.test(char);
}

export class NameMatcher {
  private readonly byFirstWord = new Map<string, string[]>();
  /** Names that do not start with a word character, searched for plainly. */
  private readonly others: string[] = [];

  constructor(names: Iterable<string>) {
    for (const name of new Set(names)) {
      if (name === "") continue;
      const first = FIRST_WORD.exec(name)?.[0];
      if (first === undefined) this.others.push(name);
      else this.byFirstWord.set(first, [...(this.byFirstWord.get(first) ?? []), name]);
    }
  }

  /** The names that occur in `text` as whole words, each once, in order of first occurrence. */
  find(text: string): string[] {
    const found: string[] = [];
    for (const match of text.matchAll(WORD)) {
      // A name's first word must be this whole word: after it comes a non-word character or the end.
      for (const name of this.byFirstWord.get(match[0]) ?? []) {
        if (!found.includes(name) && text.startsWith(name, match.index) && !isWordChar(text[match.index + name.length])) found.push(name);
      }
    }
    for (const name of this.others) {
      for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
        if (!isWordChar(text[at - 1]) && !isWordChar(text[at + name.length])) {
          if (!found.includes(name)) found.push(name);
          break;
        }
      }
    }
    return found;
  }
}
