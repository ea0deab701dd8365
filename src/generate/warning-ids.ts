import type { HarvestedWarning, ToolEntry } from "../analyze/inventory.js";
import { compareStrings } from "../compare-strings.js";
import { shortHash } from "./paths.js";

/**
 * The warning constants of `warnings.ts`, from every tool's harvested warnings.
 *
 * IDs never depend on the order of tools or warnings, so they survive any refactoring that does not
 * change a message:
 * - a warning written with an ID (`'WARN_…'`, `{ id: … }`) keeps it;
 * - a plain string gets `WARN_` + the upper-snake of its first words (at most 5 words and 40
 *   characters, accents dropped, `{}` holes of template literals ignored);
 * - only when two *different* messages would get the same ID (or a derived ID is already an
 *   explicit one with another message) does each of them get `_` + 6 hex digits of its message's
 *   SHA-256: the suffix comes from the message alone, so adding a third message never renames them.
 * - A message with no letters or digits at all gets `WARN_` + 8 hex digits of its hash.
 *
 * One constant per ID: when a warning is emitted in several places, the occurrence with the
 * smallest (file, line) gives the message, and each other field comes from the first occurrence
 * (in that order) that states it. Fields nobody states take the defaults below.
 */

export type WarningSeverity = NonNullable<HarvestedWarning["severity"]>;

export interface WarningConstant {
  id: string;
  severity: WarningSeverity;
  category: string;
  message: string;
  impact: string | null;
  suggestion: string | null;
}

/** Severity and category when no occurrence of a warning states them; impact and suggestion stay null. */
export const WARNING_DEFAULTS = { severity: "medium", category: "general" } as const satisfies {
  severity: WarningSeverity;
  category: string;
};

const MAX_WORDS = 5;
const MAX_LENGTH = 40;

/** `"ROE is below 10%"` → `WARN_ROE_IS_BELOW_10`. */
export function derivedWarningBase(message: string): string {
  const words = message
    .replace(/\{\}/g, " ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toUpperCase());
  const kept: string[] = [];
  for (const word of words) {
    if (kept.length === MAX_WORDS) break;
    const next = [...kept, word].join("_");
    if (next.length > MAX_LENGTH) {
      if (kept.length === 0) kept.push(word.slice(0, MAX_LENGTH));
      break;
    }
    kept.push(word);
  }
  return kept.length === 0 ? `WARN_${shortHash(message).toUpperCase()}` : `WARN_${kept.join("_")}`;
}

function hashSuffix(message: string): string {
  return shortHash(message, 6).toUpperCase();
}

function pushTo<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function byPlace(a: HarvestedWarning, b: HarvestedWarning): number {
  return compareStrings(a.file, b.file) || a.line - b.line || compareStrings(a.message, b.message);
}

/** Every warning of every tool as one sorted list of constants. */
export function warningConstants(tools: readonly ToolEntry[]): WarningConstant[] {
  const all = tools.flatMap((tool) => tool.warnings).sort(byPlace);
  const explicit = new Map<string, HarvestedWarning[]>();
  const plain = new Map<string, Set<string>>();
  for (const warning of all) {
    if (warning.id !== null) pushTo(explicit, warning.id, warning);
    else {
      const base = derivedWarningBase(warning.message);
      plain.set(base, (plain.get(base) ?? new Set()).add(warning.message));
    }
  }

  const idOf = (warning: HarvestedWarning): string => {
    if (warning.id !== null) return warning.id;
    const base = derivedWarningBase(warning.message);
    const messages = plain.get(base) ?? new Set();
    const takenBy = explicit.get(base);
    const clash = messages.size > 1 || (takenBy !== undefined && takenBy.some((other) => other.message !== warning.message));
    return clash ? `${base}_${hashSuffix(warning.message)}` : base;
  };

  const groups = new Map<string, HarvestedWarning[]>();
  for (const warning of all) {
    const id = idOf(warning);
    pushTo(groups, id, warning);
  }
  return [...groups]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([id, occurrences]) => {
      const first = <K extends "severity" | "category" | "impact" | "suggestion">(key: K): HarvestedWarning[K] | null =>
        occurrences.find((occurrence) => occurrence[key] !== null)?.[key] ?? null;
      return {
        id,
        severity: first("severity") ?? WARNING_DEFAULTS.severity,
        category: first("category") ?? WARNING_DEFAULTS.category,
        message: occurrences[0]!.message,
        impact: first("impact"),
        suggestion: first("suggestion"),
      };
    });
}
