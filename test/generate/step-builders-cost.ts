import type { ProtocolId } from "../../src/protocols/protocol.js";
import { OUTPUT_DIR } from "./harness.js";

/** The kit, as `src/uses.ts` imports it. */
const kit = `./${OUTPUT_DIR.slice("src/".length)}/kit.js`;

/**
 * User code that builds next steps with the kit, the way `mcp-conform migrate` writes them (an
 * array of `aorp.step(...)`, of `nextStep(...)`) and the way an author mixes them with other steps.
 * The synthetic inventory's tools are `tool_0001_list_records`, ..., each taking `limit`.
 */
export const STEP_BUILDER_USES: readonly (readonly [ProtocolId, string])[] = [
  [
    "aorp",
    `import { aorp, advice } from "${kit}";
export const steps = [aorp.step("tool_0001_list_records"), aorp.step("tool_0002_list_records", { limit: 5 }, "narrow it")];
export const mixed = ["tool_0003_list_records", aorp.step("tool_0004_list_records"), advice("read the summary first")];
export const either = Math.random() > 0.5 ? aorp.step("tool_0005_list_records") : aorp.step("tool_0006_list_records");
`,
  ],
  [
    "smart-v2",
    `import { nextStep } from "${kit}";
export const steps = [nextStep("tool_0001_list_records"), nextStep("tool_0002_list_records", { limit: 5 }, "narrow it")];
export const either = Math.random() > 0.5 ? nextStep("tool_0005_list_records") : nextStep("tool_0006_list_records");
`,
  ],
];

export const usesFile = (source: string): ReadonlyMap<string, string> => new Map([["src/uses.ts", source]]);
