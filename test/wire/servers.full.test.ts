import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { tscProject } from "../migrate/helpers.js";
import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire } from "./harness.js";
import { checkReport, codesOf, expectMigratedOnce } from "./migrated-copies.js";

/**
 * The larger legacy servers, every protocol (and guidance where it composes), on the real SDK
 * client. On the same migrated copies (each migrated once), what `check` then reports: only what the
 * author is left to write (stubs to fill, placeholders), and orchestrator's legacy guidance made full.
 */

describeWire({ fixture: "stock-legacy", variants: ALL_VARIANTS }, (block) => {
  it.each(["smart-v2", "aorp"])(
    "migrate composed with guidance: true, %s: tsc passes and check reports only the unfilled stubs and the placeholders",
    async (protocol) => {
      const { dir, migrateOutput } = block.project(`${protocol}+guidance`);
      expect(migrateOutput).toContain("10 tools migrated, 0 skipped");
      const tsc = tscProject(dir);
      expect(tsc.exitCode, tsc.output).toBe(0);
      const { report } = await checkReport(dir);
      // latestYear()'s throw is caught where the handlers call it: no MCPC102 is left.
      const codes = codesOf(report);
      // calculate_dcf's legacy text is its stub's rule; every other stub is still to fill.
      expect(codes.filter((code) => code === "MCPC106")).toHaveLength(9);
      expect(new Set(codes)).toEqual(new Set(["MCPC106", "MCPC107", "MCPC112"]));
      // Unfilled stubs send TODOs: no tool conforms until they (and the kit's placeholders) are filled.
      expect(report.tools.every((tool) => !tool.conforms && tool.placeholders.includes("errorGuidance"))).toBe(true);
    },
  );

  it.each(["aop", "acor"])("migrate onto the text protocol %s (the kit's legacy parts): tsc passes and check reports only placeholders", async (protocol) => {
    const { dir, migrateOutput } = block.project(protocol);
    expect(migrateOutput).toContain("10 tools migrated, 0 skipped");
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    const { exitCode, report } = await checkReport(dir, "--protocol", protocol);
    expect(exitCode).toBe(1);
    expect(new Set(codesOf(report))).toEqual(new Set(["MCPC112"]));
  });
});

// Guidance composed on stock-legacy above (and on task-desk, the other legacy AORP server); orchestrator and demo through every protocol.
describeWire({ fixture: "orchestrator", variants: PROTOCOL_VARIANTS }, (block) => {
  it("migrate onto the Guidance Pattern: functions passed by name move; a second run finds nothing to do", async () => {
    await expectMigratedOnce(block, "guidance", "guidance", 11);
  });

  it("migrate onto the Guidance Pattern: stubs of tools that already sent guidance complete it; only their error guidance is left to write", async () => {
    const { dir } = block.project("guidance");
    const { report } = await checkReport(dir, "--protocol", "guidance");
    const brief = report.tools.map((tool) => `${tool.name} ${tool.guidance} ${tool.problems.map((problem) => problem.code).join(",")}`);
    expect(brief).toEqual([
      "advance_to_next_phase partial MCPC107",
      "approve_phase_review partial MCPC107",
      "check_phase_progress partial MCPC107",
      "create_real_task partial MCPC107",
      "deploy_headless_agent partial MCPC107",
      // The one tool that never sent guidance keeps a stub to fill.
      "get_agent_output stub MCPC106",
      // Its guidance.warnings are plain strings.
      "get_phase_status partial MCPC107,MCPC108",
      "get_real_task_status partial MCPC107",
      "get_review_status partial MCPC107",
      "kill_real_agent partial MCPC107",
      "submit_phase_for_review partial MCPC107",
    ]);
    // The stub of a tool with per-state guidance sends the payload's own guidance in every state.
    const stub = readFileSync(join(dir, "src/guidance/get_phase_status.ts"), "utf8");
    // (The wire's copies are migrated with --no-format: the key may keep its quotes.)
    expect(stub).toMatch(/"?AWAITING_REVIEW"?: \(facts\) => kit\.complete\(facts, "awaiting_review"\),/);
    expect(stub).not.toContain("TODO: say what the orchestrator should do next");
  });
});

describeWire({ fixture: "demo", variants: PROTOCOL_VARIANTS });
