import type { ProtocolId } from "./protocol.js";

/** Every protocol id, in the order the README lists them. */
export const PROTOCOL_IDS: readonly ProtocolId[] = ["aorp", "aop", "smart-v2", "acor", "guidance"];
