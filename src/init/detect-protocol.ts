import type { ProtocolId } from "../protocols/protocol.js";
import { compareStrings } from "../compare-strings.js";

/**
 * What a server's existing responses already look like, read from its tool files' text: a
 * server that half-adopted a protocol by hand should be configured for that protocol. Each
 * protocol has a few unmistakable words; the score is how many tool files use them.
 */
const HINTS: Record<ProtocolId, RegExp[]> = {
  aorp: [/\bimmediate\s*:/, /\bactionable\s*:/, /\bkey_insight\b/],
  "smart-v2": [/\bkeyFindings\b/, /\brelatedTools\b/, /\bdataQuality\b/, /\bWARN_[A-Z0-9_]+/],
  aop: [/=== ?AOP-(FINAL|INTERMEDIATE|STREAM|ERROR|CONTEXT)/],
  acor: [/## (Status|Progress|Input Needed|AI Directive)\b/, /\*\*Recovery\*\*/],
  guidance: [/\bnext_action\b/, /\bavailable_actions\b/, /\bcurrent_state\b/, /\bblocked_reason\b/],
};

export interface ProtocolHint {
  protocol: ProtocolId;
  /** Tool files whose text carries at least two of the protocol's words (one for AOP markers). */
  files: number;
}

/** Hints sorted by strength, strongest first; empty when nothing hints at any protocol. */
export function detectProtocolHints(fileTexts: ReadonlyMap<string, string>): ProtocolHint[] {
  const hints: ProtocolHint[] = [];
  for (const [protocol, patterns] of Object.entries(HINTS) as [ProtocolId, RegExp[]][]) {
    const needed = patterns.length === 1 ? 1 : 2;
    let files = 0;
    for (const text of fileTexts.values()) {
      if (patterns.filter((pattern) => pattern.test(text)).length >= needed) files++;
    }
    if (files > 0) hints.push({ protocol, files });
  }
  return hints.sort((a, b) => b.files - a.files || compareStrings(a.protocol, b.protocol));
}
