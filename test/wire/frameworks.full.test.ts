import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire } from "./harness.js";

/** Every framework fixture, every protocol (and guidance where it composes), over stdio as each framework starts. */
describeWire({ fixture: "styles/fastmcp", variants: ALL_VARIANTS });
describeWire({ fixture: "styles/mcp-framework", variants: ALL_VARIANTS });
describeWire({ fixture: "styles/xmcp", variants: ALL_VARIANTS });
// FastMCP again (styles/fastmcp composes guidance).
describeWire({ fixture: "perspectives", variants: PROTOCOL_VARIANTS });
