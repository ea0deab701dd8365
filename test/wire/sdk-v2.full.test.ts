import { it } from "vitest";
import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire, migrated } from "./harness.js";
import { expectTs7EngineWritesTheSame } from "./migrated-copies.js";

// SDK 2.x (`@modelcontextprotocol/server`, called by `@modelcontextprotocol/client`): every protocol, guidance on and off.
describeWire({ fixture: "sdk-v2/sdk-register-tool", variants: ALL_VARIANTS }, (block) => {
  it("the TypeScript 7 engine writes the output the SDK 2.x client was answered with", () => expectTs7EngineWritesTheSame(block, "smart-v2+guidance"));
});
// Guidance composed on SDK 2.x: sdk-register-tool above; the two others through every protocol.
describeWire({ fixture: "sdk-v2/sdk-low-level", variants: PROTOCOL_VARIANTS });
describeWire({ fixture: "sdk-v2/tool-object", variants: PROTOCOL_VARIANTS });
// A conditional's branches, a declared `Promise<CallToolResult>` and a shared CLI helper, on the 2.x client (fixtures/sdk-v2/README.md).
describeWire({ fixture: "sdk-v2/conditional-results", variants: [migrated("aorp"), migrated("smart-v2")] });
