import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const cwd = repoRoot;

describe("mcp-conform schema", () => {
  for (const id of ["aorp", "aop", "smart-v2", "acor", "guidance"]) {
    it(`prints a 2020-12 schema that ajv compiles: ${id}`, async () => {
      const run = await runCli(["schema", id], { cwd });
      expect(run.exitCode).toBe(0);
      const schema = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema["type"]).toBe("object");
      expect(() => new Ajv2020.default({ strict: false }).compile(schema)).not.toThrow();
    });
  }

  it("adds the guidance field on request, only where it composes", async () => {
    const withGuidance = JSON.parse((await runCli(["schema", "aorp", "--guidance"], { cwd })).stdout) as { required: string[] };
    expect(withGuidance.required).toContain("guidance");
    const refused = await runCli(["schema", "aop", "--guidance"], { cwd });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("--guidance composes only with aorp and smart-v2");
  });

  it("names the protocol it does not know, with a suggestion", async () => {
    const run = await runCli(["schema", "smart"], { cwd });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('unknown protocol "smart"; did you mean "smart-v2"?');
  });
});

describe("mcp-conform validate", () => {
  const aorpExample = join(fixturesRoot, "protocols/aorp/examples/analysis-response.json");

  it("exits 0 on a valid AORP envelope read from a file", async () => {
    const run = await runCli(["validate", "--protocol", "aorp", aorpExample], { cwd });
    expect(run.stdout).toContain("valid AI-Optimized Response Protocol");
    expect(run.exitCode).toBe(0);
  });

  it("exits 1 and prints each problem with its path, from stdin", async () => {
    const envelope = JSON.parse(readFileSync(aorpExample, "utf8")) as { immediate: { confidence: number } };
    envelope.immediate.confidence = 1.7;
    const run = await runCli(["validate", "--protocol", "aorp", "-"], { cwd, stdin: JSON.stringify(envelope) });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^<stdin>: \/immediate\/confidence: .+$/m);
  });

  it("accepts a whole CallToolResult for JSON protocols", async () => {
    const envelope = JSON.parse(readFileSync(aorpExample, "utf8")) as unknown;
    const result = { content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }], structuredContent: envelope };
    const run = await runCli(["validate", "--protocol", "aorp"], { cwd, stdin: JSON.stringify(result) });
    expect(run.exitCode).toBe(0);
  });

  it("checks AOP text and reports problems by line", async () => {
    const good = "=== AOP-FINAL | agent=planner ===\n**Pass through EXACTLY as-is** — NO summarizing, NO rephrasing, NO commentary\n\nAll done.\n=== END-AOP-FINAL ===\n";
    expect((await runCli(["validate", "--protocol", "aop"], { cwd, stdin: good })).exitCode).toBe(0);
    const endFirst = "=== END-AOP-FINAL ===\n=== AOP-FINAL | agent=planner ===\nAll done.\n";
    const run = await runCli(["validate", "--protocol", "aop"], { cwd, stdin: endFirst });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^<stdin>: line 1: /m);
  });

  it("checks the text of a captured ACOR CallToolResult", async () => {
    const text = "## Status\nIndexing 40 files.\n";
    const result = { content: [{ type: "text", text }] };
    const run = await runCli(["validate", "--protocol", "acor"], { cwd, stdin: JSON.stringify(result) });
    expect(run.stdout + run.stderr).not.toContain("internal error");
    expect([0, 1]).toContain(run.exitCode);
  });

  it("exits 2 when the input cannot be parsed or read", async () => {
    const notJson = await runCli(["validate", "--protocol", "smart-v2"], { cwd, stdin: "{ nope" });
    expect(notJson.exitCode).toBe(2);
    expect(notJson.stderr).toContain("<stdin>: not JSON");
    const missing = await runCli(["validate", "--protocol", "guidance", "no/such/file.json"], { cwd });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("cannot read no/such/file.json");
    const noProtocol = await runCli(["validate", aorpExample], { cwd });
    expect(noProtocol.exitCode).toBe(2);
  });
});
