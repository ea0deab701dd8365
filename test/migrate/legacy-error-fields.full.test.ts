import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { aopProtocol } from "../../src/protocols/aop/index.js";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { guidanceProtocol } from "../../src/protocols/guidance/index.js";
import { smartV2Protocol } from "../../src/protocols/smart-v2/index.js";
import { cleanScratch } from "../check/helpers.js";
import { connectInMemory, importServer } from "../helpers/in-memory-client.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy, migratedServer as migrated } from "./helpers.js";

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
      expect(text).toContain(
        "Task description too short\nDescription has fewer than 10 characters; Describe the task in at least 10 characters and retry; create_real_task - Retry with a longer description",
      );
    } finally {
      await server.close();
    }
  });
});

interface GuidanceError {
  success: false;
  error: string;
  guidance: { current_state: string; next_action: string; available_actions: string[]; warnings?: string[] | null; blocked_reason: string };
}

describe.concurrent("on the Guidance Pattern, migrate passes what the legacy error said in the pattern's own fields", () => {
  it("stock-legacy: NO_DIVIDEND_DATA as the state, the suggestion as the next action, the tool it names as an available action", async () => {
    const server = await migrated("stock-legacy", "guidance", "src/server.ts", "server");
    try {
      expect(readFileSync(join(server.dir, "src/tools/ddm.ts"), "utf8")).toContain(
        'formatCalculateDdmError(failure.message, { current_state: "no_dividend_data", next_action: "Use calculate_dcf instead", available_actions: ["calculate_dcf"] })',
      );
      const result = await server.call("calculate_ddm", { symbol: "SCC" });
      expect(result.isError).toBe(true);
      expect(guidanceProtocol.validate(result, { tools: ["calculate_dcf", "calculate_ddm"] })).toEqual([]);
      const envelope = result.structuredContent as unknown as GuidanceError;
      expect(envelope.error).toBe("SCC.BK has no dividend history");
      // The stub's own state and (unfilled) next action give way; its blocked reason is the message.
      expect(envelope.guidance).toEqual({
        current_state: "no_dividend_data",
        next_action: "Use calculate_dcf instead",
        available_actions: ["calculate_dcf"],
        blocked_reason: "SCC.BK has no dividend history",
      });
    } finally {
      await server.close();
    }
  });

  it("orchestrator: a legacy guidance object's state, next action, available actions and blocked reason as they were", async () => {
    const server = await migrated("orchestrator", "guidance", "src/server.ts", "server");
    try {
      const tasks = readFileSync(join(server.dir, "src/tools/tasks.ts"), "utf8");
      expect(tasks).toContain(
        'formatAdvanceToNextPhaseError(blocked.error, { current_state: blocked.guidance.current_state, next_action: "Wait for review completion or call get_review_status", available_actions: blocked.guidance.available_actions, blocked_reason: blocked.guidance.blocked_reason })',
      );
      const phases = readFileSync(join(server.dir, "src/tools/phases.ts"), "utf8");
      expect(phases).toContain(
        'formatSubmitPhaseForReviewError(`Phase is ${phase?.status ?? "missing"}, must be ACTIVE`, { next_action: "Call get_phase_status", available_actions: ["get_phase_status"] })',
      );

      const created = await server.call("create_real_task", { description: "Move the billing service to Postgres" });
      const taskId = (created.structuredContent as { task_id: string }).task_id;
      const result = await server.call("advance_to_next_phase", { task_id: taskId });
      expect(result.isError).toBe(true);
      expect(guidanceProtocol.validate(result)).toEqual([]);
      const envelope = result.structuredContent as unknown as GuidanceError;
      expect(envelope.error).toBe("PHASE_NOT_APPROVED");
      expect(envelope.guidance).toEqual({
        current_state: "phase_blocked_not_approved",
        next_action: "Wait for review completion or call get_review_status",
        available_actions: ["get_review_status - Check review progress", "get_phase_status - View detailed phase state"],
        blocked_reason: "Cannot advance: Phase 'Investigation' has status 'ACTIVE', must be 'APPROVED'",
      });
    } finally {
      await server.close();
    }
  });
});

describe("moved onto another protocol by migrate (issue #12, point 7)", () => {
  it("orchestrator, aorp to guidance to aop: the code and recovery become the state and next action, and those the code and recovery again", async () => {
    const dir = committedCopy("orchestrator");
    const phases = () => readFileSync(join(dir, "src/tools/phases.ts"), "utf8");
    const migrate = async (config: object) => {
      writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify(config));
      const run = await runCli(["migrate", "--write", "--force", "--no-format"], { cwd: dir });
      expect(run.exitCode, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain("0 skipped");
    };
    await migrate({ protocol: "aorp" });
    expect(phases()).toContain(
      'formatSubmitPhaseForReviewError(legacyErrorParts(tool, { message: `Phase is ${phase?.status ?? "missing"}, must be ACTIVE`, next_steps: [aorp.step("get_phase_status")], recovery: "Call get_phase_status" }))',
    );
    await migrate({ protocol: "guidance" });
    // As a first migration onto the Guidance Pattern writes it.
    expect(phases()).toContain(
      'formatSubmitPhaseForReviewError(`Phase is ${phase?.status ?? "missing"}, must be ACTIVE`, { next_action: "Call get_phase_status", available_actions: ["get_phase_status"] })',
    );
    // AOP uses no guidance stubs.
    rmSync(join(dir, "src/guidance"), { recursive: true });
    await migrate({ protocol: "aop" });
    expect(phases()).toContain(
      'formatSubmitPhaseForReviewError(legacyErrorParts(tool, { message: `Phase is ${phase?.status ?? "missing"}, must be ACTIVE`, recovery: "Call get_phase_status" }))',
    );
  });
});

/** A fixture migrated with `config` (tools migrate skips are allowed), and connected in memory. */
async function migratedWith(fixture: string, config: object) {
  const dir = committedCopy(fixture);
  writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify(config));
  const run = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
  expect(run.exitCode, run.stdout + run.stderr).toBe(0);
  return { dir, ...(await connectInMemory(await importServer(join(dir, "src/server.ts"), "server"))) };
}

describe.concurrent("the words a legacy error said it was an error with (issue #12, point 6)", () => {
  it("set-screener: `Error: ${message}` from its errorResult helper stays in the Guidance Pattern's error, not in AORP's", async () => {
    const guidance = await migratedWith("legacy/set-screener", { protocol: "guidance" });
    const aorp = await migratedWith("legacy/set-screener", { protocol: "aorp" });
    try {
      expect(readFileSync(join(guidance.dir, "src/tools/valuation.ts"), "utf8")).toContain(
        "return formatCalculatePeBandError(`Error: Unknown symbol ${String(args.symbol)}`);",
      );
      const result = await guidance.call("calculate_pe_band", { symbol: "NOPE" });
      expect(guidanceProtocol.validate(result)).toEqual([]);
      expect((result.structuredContent as unknown as GuidanceError).error).toBe("Error: Unknown symbol NOPE");
      // AORP says it with its own status: the message stays the argument.
      expect(readFileSync(join(aorp.dir, "src/tools/valuation.ts"), "utf8")).toContain(
        "legacyErrorParts(tool, { message: `Unknown symbol ${String(args.symbol)}` })",
      );
    } finally {
      await guidance.close();
      await aorp.close();
    }
  });

  it("task-desk: a `## ❌ Error` heading becomes the SmartResponse V2 conclusion's `❌ Error: ...`, with and without guidance", async () => {
    for (const config of [{ protocol: "smart-v2" }, { protocol: "smart-v2", guidance: true }]) {
      const server = await migratedWith("legacy/task-desk", config);
      try {
        const result = await server.call("delete_task", { id: "T-404" });
        expect(result.isError).toBe(true);
        expect(smartV2Protocol.validate(result)).toEqual([]);
        const envelope = result.structuredContent as { summary: { conclusion: string }; guidance?: { blocked_reason: string } };
        expect(envelope.summary.conclusion).toBe("❌ Error: Task T-404 not found");
        if (config.guidance === true) expect(envelope.guidance?.blocked_reason).toBe("❌ Error: Task T-404 not found");
      } finally {
        await server.close();
      }
    }
  });
});
