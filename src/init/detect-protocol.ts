import type { ProtocolId } from "../protocols/protocol.js";
import { compareStrings } from "../compare-strings.js";
import { PROTOCOLS } from "../protocols/registry.js";

/**
 * What a server's existing responses already look like, read from its tool files' text: a
 * server that half-adopted a protocol by hand should be configured for that protocol. Each
 * protocol names a few unmistakable words (`detectionHints` in its folder); the score is how many
 * tool files use them.
 */
export interface ProtocolHint {
  protocol: ProtocolId;
  /** Tool files whose text carries at least two of the protocol's words (one for AOP markers). */
  files: number;
}

/** Hints sorted by strength, strongest first; empty when nothing hints at any protocol. */
export function detectProtocolHints(fileTexts: ReadonlyMap<string, string>): ProtocolHint[] {
  const hints: ProtocolHint[] = [];
  for (const { id: protocol, detectionHints: patterns } of PROTOCOLS) {
    const needed = patterns.length === 1 ? 1 : 2;
    let files = 0;
    for (const text of fileTexts.values()) {
      if (patterns.filter((pattern) => pattern.test(text)).length >= needed) files++;
    }
    if (files > 0) hints.push({ protocol, files });
  }
  return hints.sort((a, b) => b.files - a.files || compareStrings(a.protocol, b.protocol));
}
