import { skipQuoted } from "./literal-order.js";

/**
 * A printed type with its string literals in double quotes, as TypeScript 6 prints them
 * (`"image"`, `{ "a-b": string }`). TypeScript 7 prints a literal with the quote the source wrote
 * it with, so a project written with single quotes would read `'image'` on one engine and `"image"`
 * on the other. Template literal types (backticks) are left as printed.
 */
export function withDoubleQuotes(text: string): string {
  if (!text.includes("'")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch !== '"' && ch !== "'" && ch !== "`") {
      out += ch;
      continue;
    }
    const end = skipQuoted(text, i);
    const quoted = text.slice(i, end + 1);
    out += ch === "'" ? `"${unescapeSingle(quoted.slice(1, -1)).replace(/"/g, '\\"')}"` : quoted;
    i = end;
  }
  return out;
}

/** `it\'s` as the single-quoted source escapes it; other escapes (`\n`, `\\`) read alike in both quotes. */
function unescapeSingle(body: string): string {
  return body.replace(/\\(.)/g, (escape: string, next: string) => (next === "'" ? "'" : escape));
}
