/**
 * The members of a union written as TypeScript text, split at top-level `|` only: not inside
 * `{}`, `()`, `[]`, `<>` or string literals, and not at the `>` of an arrow (`=>`). Both the
 * analyser (trimming `undefined` from printed types) and the tool graph (reading param types) need it.
 */
export function unionMembers(text: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quote !== null) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{<".includes(ch)) depth++;
    else if (")]}".includes(ch) || (ch === ">" && text.charAt(i - 1) !== "=")) depth--;
    else if (ch === "|" && depth === 0) {
      members.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  members.push(text.slice(start).trim());
  return members.filter((member) => member !== "");
}
