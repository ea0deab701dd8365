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

export function isProtocolId(id: string): id is ProtocolId {
  return (PROTOCOL_IDS as readonly string[]).includes(id);
}
