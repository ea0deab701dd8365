import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixturesRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * `validate` reads the tool names from the project's inventory (a full analysis each time); the
 * fast suite runs it once from inside a project, these the other ways in.
 */
describe("mcp-conform validate: tool names from a project", () => {
  const project = join(fixturesRoot, "styles", "sdk-register-tool");
  const envelope = JSON.parse(readFileSync(join(fixturesRoot, "protocols/aorp/examples/analysis-response.json"), "utf8")) as {
    actionable: { next_steps: string[] };
    guidance?: unknown;
  };
  envelope.actionable.next_steps = ["get_alerts - Check the alerts", "get_alert - misspelt"];
  const stdin = JSON.stringify(envelope);

  it("--project names the project from anywhere, and --no-tools skips the check and the analysis", async () => {
    const fromAfar = await runCli(["validate", "--protocol", "aorp", "--project", project, "-"], { cwd: fixturesRoot, stdin });
    expect(fromAfar.stderr).toMatch(/^mcp-conform validate: tool names checked against the \d+ tools of styles\/sdk-register-tool\/tsconfig\.json\n$/);
    expect(fromAfar.stdout).toBe('<stdin>: /actionable/next_steps/1: names unknown tool "get_alert"\n1 problem\n');
    const unchecked = await runCli(["validate", "--protocol", "aorp", "--no-tools", "-"], { cwd: project, stdin });
    expect([unchecked.exitCode, unchecked.stderr]).toEqual([0, ""]);
    const both = await runCli(["validate", "--protocol", "aorp", "--no-tools", "--tools", "a", "-"], { cwd: project, stdin });
    expect([both.exitCode, both.stderr]).toEqual([2, "mcp-conform validate: --tools and --no-tools contradict each other\n"]);
  });

  it("checks a composed guidance's available actions against them too", async () => {
    const withGuidance = { ...envelope, actionable: { ...envelope.actionable, next_steps: ["get_alerts"] } };
    withGuidance.guidance = {
      current_state: "alerts_listed",
      next_action: "Report the alerts",
      available_actions: ["get_forecast - Next days", "get_alertz - typo"],
    };
    const run = await runCli(["validate", "--protocol", "aorp", "-"], { cwd: project, stdin: JSON.stringify(withGuidance) });
    expect(run.stdout).toContain('<stdin>: /guidance/available_actions/1: names unknown tool "get_alertz"\n');
  });
});
