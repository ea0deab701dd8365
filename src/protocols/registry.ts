import { acorProtocol } from "./acor/index.js";
import { aopProtocol } from "./aop/index.js";
import { aorpProtocol } from "./aorp/index.js";
import { guidanceProtocol } from "./guidance/index.js";
import { PROTOCOL_IDS } from "./ids.js";
import type { Protocol, ProtocolId } from "./protocol.js";
import { smartV2Protocol } from "./smart-v2/index.js";
import { InputError } from "../errors.js";
import { didYouMean } from "../config/did-you-mean.js";

/** The one list of protocols. A sixth protocol is a new folder plus one entry here. */
export const PROTOCOLS: readonly Protocol[] = [aorpProtocol, aopProtocol, smartV2Protocol, acorProtocol, guidanceProtocol];

export function getProtocol(id: string): Protocol {
  const protocol = PROTOCOLS.find((p) => p.id === id);
  if (!protocol) {
    const suggestion = didYouMean(id, PROTOCOL_IDS);
    throw new InputError(`unknown protocol "${id}"${suggestion ? `; did you mean "${suggestion}"?` : ""} (expected one of ${PROTOCOL_IDS.join(", ")})`);
  }
  return protocol;
}

/**
 * The Guidance Pattern's composition rule, stated once: `guidance: true` adds the guidance field
 * to the protocols whose folders say they carry it (`composesWithGuidance`), and is a no-op on
 * the Guidance Pattern itself; anywhere else it is an input error. `setting` names what the user
 * wrote (`guidance: true`, `--guidance`).
 */
export function assertGuidanceComposes(protocol: Protocol, setting: string, where?: { file: string }): void {
  if (protocol.composesWithGuidance || protocol.id === "guidance") return;
  const carriers = PROTOCOLS.filter((candidate) => candidate.composesWithGuidance).map((candidate) => candidate.id);
  throw new InputError(`${setting} composes only with ${carriers.slice(0, -1).join(", ")} and ${carriers.at(-1)}, not ${protocol.id}`, where);
}

/** Whether a run writes guidance stubs and fills the guidance field: the Guidance Pattern itself, or a protocol composed with it. */
export function carriesGuidance(config: { protocol: string; guidance: boolean }): boolean {
  return config.protocol === "guidance" || (config.guidance && getProtocol(config.protocol).composesWithGuidance);
}

export function isProtocolId(id: string): id is ProtocolId {
  return (PROTOCOL_IDS as readonly string[]).includes(id);
}
