import { createHash } from "node:crypto";
import { posix } from "node:path";

/**
 * Paths and names as generated code writes them. Every path here is project-relative with `/`
 * separators; specifiers are what NodeNext resolves (`.ts` sources are imported as `.js`).
 */

/** The specifier with which `fromFile` imports `toFile` (both project-relative `.ts` paths). */
export function importSpecifier(fromFile: string, toFile: string): string {
  let relative = posix.relative(posix.dirname(fromFile), toFile);
  if (!relative.startsWith("../")) relative = `./${relative}`;
  return relative.replace(/\.(m|c)?ts$/, (_match, kind: string | undefined) => `.${kind ?? ""}js`);
}

/**
 * Rewrite the analyser's project-rooted type imports (`import("~/src/tools/x.js")`, the extension
 * already the one NodeNext resolves) into specifiers relative to the generated file.
 */
export function rewriteProjectImports(typeText: string, fromFile: string): string {
  return typeText.replace(/import\((["'])~\/([^"']+)\1\)/g, (_match, quote: string, target: string) => {
    let relative = posix.relative(posix.dirname(fromFile), target);
    if (!relative.startsWith("../")) relative = `./${relative}`;
    return `import(${quote}${relative}${quote})`;
  });
}

/** The words of a tool name: `get_forecast`, `getForecast` and `get-forecast` all give get, forecast. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

/** `calculate_dcf` → `CalculateDcf`; a name with no letters or digits → `Tool` plus a hash. */
export function pascalCase(name: string): string {
  const parts = words(name);
  if (parts.length === 0) return `Tool${shortHash(name)}`;
  return parts.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/** Eight hex digits of SHA-256: short, stable, and only ever used to tell apart two things. */
export function shortHash(text: string, length = 8): string {
  return createHash("sha256").update(text).digest("hex").slice(0, length);
}

/**
 * File stems for tools: the name itself when it is a safe file name, otherwise the unsafe
 * characters become `_`. Stems that would clash (also on case-insensitive file systems) all get a
 * hash of their tool's name, so a stem never depends on which other tools exist in what order.
 */
export function fileStems(names: readonly string[]): Map<string, string> {
  const base = new Map(names.map((name) => [name, name.replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^\.+/, "_")]));
  const counts = new Map<string, number>();
  for (const stem of base.values()) counts.set(stem.toLowerCase(), (counts.get(stem.toLowerCase()) ?? 0) + 1);
  const stems = new Map<string, string>();
  for (const [name, stem] of base) {
    stems.set(name, (counts.get(stem.toLowerCase()) ?? 0) > 1 || stem === "" ? `${stem}-${shortHash(name)}` : stem);
  }
  return stems;
}
