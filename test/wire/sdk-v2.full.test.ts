import { ALL_VARIANTS, describeWire } from "./harness.js";

// SDK 2.x (`@modelcontextprotocol/server`, called by `@modelcontextprotocol/client`): every protocol, guidance on and off.
describeWire({ fixture: "sdk-v2/sdk-register-tool", variants: ALL_VARIANTS });
describeWire({ fixture: "sdk-v2/sdk-low-level", variants: ALL_VARIANTS });
describeWire({ fixture: "sdk-v2/tool-object", variants: ALL_VARIANTS });
