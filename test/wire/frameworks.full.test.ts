import { ALL_VARIANTS, describeWire } from "./harness.js";

/** Every framework fixture, every protocol (and guidance where it composes), over stdio as each framework starts. */
describeWire({ fixture: "styles/fastmcp", variants: ALL_VARIANTS });
describeWire({ fixture: "styles/mcp-framework", variants: ALL_VARIANTS });
describeWire({ fixture: "styles/xmcp", variants: ALL_VARIANTS });
describeWire({ fixture: "perspectives", variants: ALL_VARIANTS });
