import type { JsonSchemaObject } from "../analyze/inventory.js";
import { stringLiterals, topLevelProperties } from "./json-schema.js";
import { compareStrings } from "../compare-strings.js";
import { shortHash } from "./paths.js";

/**
 * The states a guidance stub has one rule for. A payload's state is read from a top-level
 * property that every alternative of the payload requires, whose name is status-like (it ends in
 * `status`, `state`, `stage` or `phase`, in any case or spelling: `phase_status`, `agentState`)
 * and whose schema is a fixed set of string literals (`enum`, `const`, a union of them). The
 * first such property wins: `status`, then `state`, then the rest by name. Without one, the stub
 * has the single state "default".
 */

export interface GuidanceStates {
  /** The property the state is read from, or null for the single "default" state. */
  property: string | null;
  /** The state values, sorted. */
  values: string[];
}

const STATUS_LIKE = /(status|state|stage|phase)$/i;

function rank(name: string): number {
  const lower = name.toLowerCase();
  return lower === "status" ? 0 : lower === "state" ? 1 : 2;
}

export function guidanceStates(payloadSchema: JsonSchemaObject): GuidanceStates {
  const candidates = topLevelProperties(payloadSchema)
    .filter((property) => property.requiredInAll && STATUS_LIKE.test(property.name))
    .map((property) => {
      const values = new Set<string>();
      for (const schema of property.schemas) {
        const literals = stringLiterals(payloadSchema, schema);
        if (literals === null) return null;
        for (const value of literals) values.add(value);
      }
      return { name: property.name, values: [...values].sort(compareStrings) };
    })
    .filter((candidate): candidate is { name: string; values: string[] } => candidate !== null && candidate.values.length > 0)
    .sort((a, b) => rank(a.name) - rank(b.name) || compareStrings(a.name, b.name));
  const chosen = candidates[0];
  return chosen === undefined ? { property: null, values: ["default"] } : { property: chosen.name, values: chosen.values };
}

/** A state value as a `current_state` identifier (lower-case snake_case, as the runtime requires). */
export function stateIdentifier(value: string): string {
  const snake = value
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== "")
    .join("_");
  return snake === "" ? `state_${shortHash(value)}` : snake;
}
