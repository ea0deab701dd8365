import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire } from "./harness.js";

// SDK 2.x (`@modelcontextprotocol/server`, called by `@modelcontextprotocol/client`): every protocol, guidance on and off.
describeWire({ fixture: "sdk-v2/sdk-register-tool", variants: ALL_VARIANTS });
// Guidance composed on SDK 2.x: sdk-register-tool above; the two others through every protocol.
describeWire({ fixture: "sdk-v2/sdk-low-level", variants: PROTOCOL_VARIANTS });
describeWire({ fixture: "sdk-v2/tool-object", variants: PROTOCOL_VARIANTS });
