import { it } from "vitest";
import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire } from "./harness.js";
import { expectMigratedOnce } from "./migrated-copies.js";

/**
 * Every framework fixture, every protocol (and guidance where it composes), over stdio as each
 * framework starts. On the same copies, migrated onto the Guidance Pattern, mcp-framework's class
 * methods (`execute`) and xmcp's default-exported function declarations and variables move: tsc
 * passes, and a second run finds nothing to do.
 */
describeWire({ fixture: "styles/fastmcp", variants: ALL_VARIANTS });
describeWire({ fixture: "styles/mcp-framework", variants: ALL_VARIANTS }, (block) => {
  it("migrate --write onto the Guidance Pattern: 4 tools, then nothing to do", () => expectMigratedOnce(block, "guidance", "guidance", 4));
});
describeWire({ fixture: "styles/xmcp", variants: ALL_VARIANTS }, (block) => {
  it("migrate --write onto the Guidance Pattern: 3 tools, then nothing to do", () => expectMigratedOnce(block, "guidance", "guidance", 3));
});
// FastMCP again (styles/fastmcp composes guidance).
describeWire({ fixture: "perspectives", variants: PROTOCOL_VARIANTS });
