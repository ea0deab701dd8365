import { it } from "vitest";
import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire, migrated } from "./harness.js";
import { expectMigratedOnce, expectTs7EngineWritesTheSame } from "./migrated-copies.js";

/**
 * Every SDK server fixture, every protocol (and guidance where it composes), on the real SDK client.
 * On the same copies, migrated onto the Guidance Pattern, every way a handler stands moves (low-level
 * `if` and `case` branches, tool objects' methods, a handler imported from another file): tsc passes,
 * and a second run finds nothing to do.
 */
describeWire({ fixture: "styles/sdk-register-tool", variants: ALL_VARIANTS }, (block) => {
  it("the TypeScript 7 engine writes the output the SDK 1.x client was answered with", () => expectTs7EngineWritesTheSame(block, "aorp"));
});
// Over stdio as well as in memory: the same server started the way a user's `node build/index.js` starts it.
describeWire({ fixture: "styles/sdk-tool", variants: ALL_VARIANTS, transports: { notes: ["memory", "stdio"] } });
describeWire({ fixture: "styles/sdk-low-level", variants: ALL_VARIANTS }, (block) => {
  it("migrate --write onto the Guidance Pattern: 6 tools, then nothing to do", () => expectMigratedOnce(block, "guidance", "guidance", 6));
});
// SDK 1.x in memory again (styles/sdk-register-tool composes guidance).
describeWire({ fixture: "styles/tool-object", variants: PROTOCOL_VARIANTS }, (block) => {
  // reverse_text's handler is imported from quotes.ts by its registration and used nowhere else: rewritten where it is.
  it("migrate --write onto the Guidance Pattern: 9 tools, then nothing to do", () => expectMigratedOnce(block, "guidance", "guidance", 9));
});
// A server whose handlers await their API client inside the text they send: the payload each
// formatter is given is the settled value (fixtures/real-world/awaited-payloads/README.md).
describeWire({ fixture: "real-world/awaited-payloads", variants: [migrated("aorp"), migrated("smart-v2", true)] });
// A server whose handlers pick their result with one conditional (`return res.ok ? ... : { ..., isError: true }`):
// each branch is a path, its error branches answer as errors once migrated (fixtures/real-world/conditional-results/README.md).
describeWire({ fixture: "real-world/conditional-results", variants: [migrated("aorp"), migrated("acor")] });
// Handlers that declare `Promise<CallToolResult>`: migrated, their declared types left to inference (fixtures/real-world/declared-results/README.md).
describeWire({ fixture: "real-world/declared-results", variants: [migrated("aorp"), migrated("aop")] });
// A CLI wrapper whose tools return a shared helper's result, errors and successes (fixtures/real-world/cli-output/README.md).
describeWire({ fixture: "real-world/cli-output", variants: [migrated("aorp"), migrated("guidance")] });
