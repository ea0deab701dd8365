/**
 * Every Handlebars helper the templates may call. Templates stay logic-free (iteration and
 * conditionals only): anything that decides something is computed in `src/generate/` and handed to
 * the template as data; these helpers only spell values as TypeScript source.
 */

/** A JSON (and so TypeScript) literal: strings quoted and escaped, `null`, numbers, arrays, objects. */
function json(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}

/**
 * A JSON value pretty-printed with 2-space indentation, its continuation lines indented by `indent`
 * spaces so it nests where the template puts it.
 */
function jsonBlock(value: unknown, indent: unknown): string {
  const pad = " ".repeat(typeof indent === "number" ? indent : 0);
  return (JSON.stringify(value, null, 2) ?? "undefined").split("\n").join(`\n${pad}`);
}

/** Text that is safe inside a `/** ... *\/` comment: `*\/` broken up, line breaks kept as ` * ` lines. */
function doc(text: unknown): string {
  return String(text ?? "")
    .replace(/\*\//g, "*\\/")
    .split(/\r?\n/)
    .join("\n * ");
}

/** Text that is safe on one `//` comment line. */
function line(text: unknown): string {
  return String(text ?? "").replace(/\r?\n/g, " ");
}

export const templateHelpers: Record<string, (...args: never[]) => string> = { json, jsonBlock, doc, line };
