import { existsSync, readFileSync } from "node:fs";
import { InputError } from "../errors.js";
import type { McpConformConfig } from "./config.js";
import { didYouMean } from "./did-you-mean.js";
import { escapeRegExp } from "./escape-regexp.js";
import { configSchema, knownKeysAt } from "./schema.js";

/**
 * The line where the key at `path` is written in a config's text (`"rules": { "MCPC1O8": ... }` or
 * `rules: { MCPC1O8: ... }`): each key searched after the one before it. Undefined when the text
 * does not spell it (a key built at run time in a `.ts` config).
 */
export function keyLine(text: string, path: readonly string[]): number | undefined {
  let from = 0;
  for (const key of path) {
    const match = new RegExp(`(["']?)${escapeRegExp(key)}\\1\\s*:`, "g");
    match.lastIndex = from;
    const found = match.exec(text);
    if (!found) return undefined;
    from = found.index;
  }
  return path.length === 0 ? undefined : text.slice(0, from).split("\n").length;
}

/** `{ file, line }` of the key at `path` when the config's text is at hand, `{ file }` otherwise. */
function at(file: string, sourcePath: string | undefined, path: readonly string[]): { file: string; line?: number } {
  if (sourcePath === undefined || !existsSync(sourcePath)) return { file };
  const line = keyLine(readFileSync(sourcePath, "utf8"), path);
  return line === undefined ? { file } : { file, line };
}

/** Check a loaded config against the schema; `sourcePath`, when given, is read to say on which line a bad key is. */
export function validateConfig(raw: unknown, file: string, sourcePath?: string): asserts raw is McpConformConfig {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new InputError("the config must export an object (use `export default defineConfig({...})`)", { file });
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return;
  // An unknown key first (a typo explains the rest), then the first problem in key order.
  const issue = parsed.error.issues.find((candidate) => candidate.code === "unrecognized_keys") ?? parsed.error.issues[0]!;
  const keys = issue.path.map(String);
  const dotted = keys.join(".");
  const prefix = dotted === "" ? "" : `${dotted}.`;
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0]!;
    const suggestion = didYouMean(key, knownKeysAt(issue.path));
    throw new InputError(
      `unknown config key "${prefix}${key}"${suggestion ? `; did you mean "${prefix}${suggestion}"?` : ""}`,
      at(file, sourcePath, [...keys, key]),
    );
  }
  throw new InputError(issue.message.startsWith("must") ? `config key "${dotted}" ${issue.message}` : issue.message, at(file, sourcePath, keys));
}
