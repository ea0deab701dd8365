import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { aopProtocol } from "../../src/protocols/aop/index.js";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { cleanScratch } from "../check/helpers.js";
import { migratedServer as migrated } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Issue #12, point 6, on error envelopes: what a legacy `{ success: false, ... }` said besides its
 * message reaches the protocol's error envelope. Its code goes to the error code field, what to do
 * (blocked reason, next action or suggestion, available actions) to the recovery text, and the
 * tools those name to typed next steps.
 */
interface AorpError {
  immediate: { status: string; key_insight: string };
  actionable: { next_steps: string[]; recommendations: { primary: string } };
  details: { data: { error_code: string; error_message: string } };
}

describe.concurrent("migrate carries a legacy error envelope's code and recovery", () => {
  it("stock-legacy on AORP: calculate_ddm's NO_DIVIDEND_DATA and its suggestion", async () => {
    const server = await migrated("stock-legacy", "aorp", "src/server.ts", "server");
    try {
      expect(readFileSync(join(server.dir, "src/tools/ddm.ts"), "utf8")).toContain(
        'legacyErrorParts(tool, { message: failure.message, code: failure.error, next_steps: [aorp.step("calculate_dcf")], recovery: "Use calculate_dcf instead" })',
      );
      const result = await server.call("calculate_ddm", { symbol: "SCC" });
      expect(aorpProtocol.validate(result)).toEqual([]);
      expect(result.isError).toBe(true);
      const envelope = result.structuredContent as unknown as AorpError;
      expect(envelope.details.data).toMatchObject({ error_code: "NO_DIVIDEND_DATA", error_message: "SCC.BK has no dividend history" });
      expect(envelope.actionable.recommendations.primary).toBe("Use calculate_dcf instead");
      expect(envelope.actionable.next_steps).toEqual(["calculate_dcf"]);
    } finally {
      await server.close();
    }
  });

  it("orchestrator on AOP: the state as the ERROR block's code, the blocked reason, next action and available actions after the message", async () => {
    const server = await migrated("orchestrator", "aop", "src/server.ts", "server");
    try {
      const tasks = readFileSync(join(server.dir, "src/tools/tasks.ts"), "utf8");
      expect(tasks).toContain(
        'legacyErrorParts(tool, { message: blocked.error, code: blocked.guidance.current_state, recovery: [blocked.guidance.blocked_reason, blocked.guidance.next_action, blocked.guidance.available_actions[0], blocked.guidance.available_actions[1]].join("; ") })',
      );
      expect(tasks).toContain(
        'legacyErrorParts(tool, { message: failure.error, code: failure.guidance.current_state, recovery: "Description has fewer than 10 characters; Describe the task in at least 10 characters and retry; create_real_task - Retry with a longer description" })',
      );
      const result = await server.call("create_real_task", { description: "too short" });
      expect(result.isError).toBe(true);
      const text = (result.content as { text: string }[])[0]!.text;
      expect(aopProtocol.validate(text)).toEqual([]);
      expect(text).toContain("| code=error_invalid_input ===");
      expect(text).toContain("Task description too short\nDescription has fewer than 10 characters; Describe the task in at least 10 characters and retry; create_real_task - Retry with a longer description");
    } finally {
      await server.close();
    }
  });
});
