import { didYouMean } from "../config/did-you-mean.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";
import type { ProtocolId } from "../protocols/protocol.js";
import { isProtocolId } from "../protocols/registry.js";

/** Wrong answers taken before `init` gives up (exit 2) rather than loop. */
const ATTEMPTS = 3;

/**
 * Asks for the protocol until the answer is one: a typo is answered with the nearest id and the
 * question again, and an empty answer takes `suggested`. Resolves to null when input ends or after
 * three wrong answers.
 */
export async function askProtocol(
  prompt: (question: string) => Promise<string | null>,
  say: (text: string) => void,
  suggested: ProtocolId,
  guide: string,
): Promise<ProtocolId | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const answer = await prompt(`Protocol (${PROTOCOL_IDS.join(", ")}) [${suggested}]: `);
    if (answer === null) return null;
    const id = answer.trim().toLowerCase();
    if (id === "") return suggested;
    if (isProtocolId(id)) return id;
    const suggestion = didYouMean(id, PROTOCOL_IDS);
    say(`unknown protocol "${id}"${suggestion ? `; did you mean "${suggestion}"?` : ""} (one of ${PROTOCOL_IDS.join(", ")}; ${guide} describes them)\n`);
  }
  return null;
}
