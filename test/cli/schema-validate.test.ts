import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, describe, expect, it } from "vitest";
import type { ValidateOptions, ValidationProblem } from "../../src/protocols/protocol.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const cwd = repoRoot;
/**
 * Where `validate` runs when a test does not mean it to read a project's tool names. Those tests
 * also pass --no-tools: a tsconfig.json in a folder above the temporary one (a shared /tmp) would
 * otherwise be analysed.
 */
const outsideProject = mkdtempSync(join(tmpdir(), "mcp-conform-validate-"));
afterAll(() => rmSync(outsideProject, { recursive: true, force: true }));

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

  it("--strict carries the guidance pattern's conventions, as validate --strict checks them", async () => {
    const compile = async (args: string[]) => new Ajv2020.default({ strict: false }).compile(JSON.parse((await runCli(args, { cwd })).stdout) as object);
    const lenient = await compile(["schema", "guidance"]);
    const strict = await compile(["schema", "guidance", "--strict"]);
    const envelope = { guidance: { current_state: "Phase Active", next_action: "Wait", available_actions: ["Wait for the reviewers"] } };
    expect([lenient(envelope), strict(envelope)]).toEqual([true, false]);
  });

  it("names the protocol it does not know, with a suggestion", async () => {
    const run = await runCli(["schema", "smart"], { cwd });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('unknown protocol "smart"; did you mean "smart-v2"?');
  });
});

/** A fixture run through the CLI, with the verdict it must print. */
interface FixtureCase {
  protocol: string;
  file: string;
  options: ValidateOptions;
  problems: ValidationProblem[];
  /** What only --strict would report, printed as warnings without it. */
  warnings?: ValidationProblem[];
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8")) as unknown;
}

function filesIn(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder)
    .filter((name) => !name.endsWith(".expected.json") && keep(name))
    .sort()
    .map((name) => join(folder, name));
}

/**
 * Every whole response under fixtures/protocols/<id>/: the examples (the valid set, which the
 * issue calls `valid/`) and the malformed cases with their exact problems. Parts of envelopes (a
 * SmartResponse section, an AORP next-step list, a guidance object or field) are not responses
 * and are checked where they belong, in test/protocols/.
 */
function fixtureCases(): FixtureCase[] {
  const root = join(fixturesRoot, "protocols");
  const cases: FixtureCase[] = [];
  type Expected = { options?: ValidateOptions; problems: ValidationProblem[]; warnings?: ValidationProblem[] };
  const expectedOf = (file: string): Expected => {
    const expected = readJson(file.replace(/\.(json|md|txt)$/, ".expected.json")) as ValidationProblem[] | Expected;
    return Array.isArray(expected) ? { problems: expected } : expected;
  };
  for (const protocol of ["aop", "acor"]) {
    for (const file of filesIn(join(root, protocol, "examples"), () => true)) cases.push({ protocol, file, options: {}, problems: [] });
  }
  for (const file of filesIn(join(root, "aorp", "examples"), (name) => !name.startsWith("next-steps-"))) {
    cases.push({ protocol: "aorp", file, options: {}, problems: [] });
  }
  for (const file of filesIn(join(root, "guidance", "examples"), (name) => name.startsWith("envelope-"))) {
    cases.push({ protocol: "guidance", file, options: {}, problems: [] });
  }
  const manifest = readJson(join(root, "smart-v2", "examples", "manifest.json")) as {
    file: string;
    at: string;
    asPrinted?: { file: string; problems: ValidationProblem[] };
  }[];
  for (const entry of manifest.filter((candidate) => candidate.at === "")) {
    cases.push({ protocol: "smart-v2", file: join(root, "smart-v2", "examples", entry.file), options: {}, problems: [] });
    if (entry.asPrinted) {
      cases.push({ protocol: "smart-v2", file: join(root, "smart-v2", "examples", entry.asPrinted.file), options: {}, problems: entry.asPrinted.problems });
    }
  }
  for (const protocol of ["aorp", "aop", "smart-v2", "acor", "guidance"]) {
    for (const file of filesIn(join(root, protocol, "invalid"), () => true)) {
      const { options = {}, problems, warnings } = expectedOf(file);
      cases.push({ protocol, file, options, problems, ...(warnings === undefined ? {} : { warnings }) });
    }
  }
  const defect = join(root, "aorp", "document-defects", "build-aorp-response-defaults.json");
  cases.push({ protocol: "aorp", file: defect, options: {}, problems: expectedOf(defect).problems });
  return cases;
}

function flags(options: ValidateOptions): string[] {
  return [
    ...(options.variant === undefined ? [] : ["--variant", options.variant]),
    ...(options.tools === undefined ? ["--no-tools"] : ["--tools", options.tools.join(",")]),
    ...(options.strict === true ? ["--strict"] : []),
  ];
}

function verdict(file: string, protocol: string, problems: ValidationProblem[], warnings: ValidationProblem[] = []): string {
  const line = (problem: ValidationProblem) => `${file}: ${problem.line !== undefined ? `line ${problem.line}` : problem.path || "/"}: ${problem.message}`;
  const tally = warnings.length === 0 ? "" : ` (${warnings.length} warning${warnings.length === 1 ? "" : "s"})`;
  const last =
    problems.length === 0 ? `${file}: valid ${getProtocol(protocol).title}${tally}` : `${problems.length} problem${problems.length === 1 ? "" : "s"}${tally}`;
  return `${[...problems.map(line), ...warnings.map((warning) => `${line(warning)} (warning: an error with --strict)`), last].join("\n")}\n`;
}

describe("mcp-conform validate: the exact verdict on every protocol fixture", () => {
  const cases = fixtureCases();

  it("covers the examples and malformed cases of all five protocols", () => {
    const count = (protocol: string, valid: boolean) => cases.filter((c) => c.protocol === protocol && (c.problems.length === 0) === valid).length;
    for (const protocol of ["aorp", "aop", "smart-v2", "acor", "guidance"]) {
      expect(count(protocol, true), `${protocol} examples`).toBeGreaterThan(0);
      expect(count(protocol, false), `${protocol} malformed cases`).toBeGreaterThanOrEqual(10);
    }
  });

  it.each(cases.map((c) => [`${c.protocol}: ${c.file.slice(fixturesRoot.length + 1)}`, c] as const))("%s", async (_name, c) => {
    const run = await runCli(["validate", "--protocol", c.protocol, ...flags(c.options), c.file], { cwd: outsideProject });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(verdict(c.file, c.protocol, c.problems, c.warnings));
    expect(run.exitCode).toBe(c.problems.length === 0 ? 0 : 1);
    if (c.options.strict === true) {
      // Without --strict the same rules are warnings, and the response passes.
      const lenient = await runCli(["validate", "--protocol", c.protocol, ...flags({ ...c.options, strict: false }), c.file], { cwd: outsideProject });
      expect(lenient.stdout).toBe(verdict(c.file, c.protocol, [], c.problems));
      expect(lenient.exitCode).toBe(0);
    }
  });
});

describe("mcp-conform validate", () => {
  const aorpExample = join(fixturesRoot, "protocols/aorp/examples/analysis-response.json");
  const analysis = () => JSON.parse(readFileSync(aorpExample, "utf8")) as { immediate: { confidence: number }; actionable: { next_steps: string[] } };

  it("exits 1 and prints each problem with its path, from stdin", async () => {
    const envelope = analysis();
    envelope.immediate.confidence = 1.7;
    const run = await runCli(["validate", "--no-tools", "--protocol", "aorp", "-"], { cwd: outsideProject, stdin: JSON.stringify(envelope) });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^<stdin>: \/immediate\/confidence: .+$/m);
  });

  it("accepts a whole CallToolResult for JSON protocols", async () => {
    const envelope = analysis();
    const result = { content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }], structuredContent: envelope };
    const run = await runCli(["validate", "--no-tools", "--protocol", "aorp"], { cwd: outsideProject, stdin: JSON.stringify(result) });
    expect(run.exitCode).toBe(0);
  });

  it("checks AOP text and reports problems by line", async () => {
    const good =
      "=== AOP-FINAL | agent=planner ===\n**Pass through EXACTLY as-is** — NO summarizing, NO rephrasing, NO commentary\n\nAll done.\n=== END-AOP-FINAL ===\n";
    expect((await runCli(["validate", "--no-tools", "--protocol", "aop"], { cwd: outsideProject, stdin: good })).exitCode).toBe(0);
    const endFirst = "=== END-AOP-FINAL ===\n=== AOP-FINAL | agent=planner ===\nAll done.\n";
    const run = await runCli(["validate", "--no-tools", "--protocol", "aop"], { cwd: outsideProject, stdin: endFirst });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^<stdin>: line 1: /m);
  });

  it("checks a captured text-protocol CallToolResult as a result: isError and its one text block", async () => {
    const error = "=== AOP-ERROR | agent=fetch ===\nNo such page\n=== END-AOP-ERROR ===";
    const unflagged = await runCli(["validate", "--no-tools", "--protocol", "aop"], {
      cwd: outsideProject,
      stdin: JSON.stringify({ content: [{ type: "text", text: error }] }),
    });
    expect(unflagged.stdout).toBe("<stdin>: /isError: isError must be true: the output has a top-level AOP-ERROR block\n1 problem\n");
    const flagged = { content: [{ type: "text", text: error }], isError: true };
    expect((await runCli(["validate", "--no-tools", "--protocol", "aop"], { cwd: outsideProject, stdin: JSON.stringify(flagged) })).exitCode).toBe(0);
    const split = {
      content: [
        { type: "text", text: "## Status: Complete" },
        { type: "text", text: "## Output\nDone" },
      ],
    };
    const run = await runCli(["validate", "--no-tools", "--protocol", "acor"], { cwd: outsideProject, stdin: JSON.stringify(split) });
    expect(run.stdout).toBe("<stdin>: /content: expected exactly one text block holding the ACOR Markdown, found 2\n1 problem\n");
  });

  it("still reads text that starts with a brace but is no JSON as the protocol's own text", async () => {
    const run = await runCli(["validate", "--no-tools", "--protocol", "acor"], { cwd: outsideProject, stdin: "{not json}\n## Status: Ready\n" });
    expect(run.stdout).toBe("<stdin>: line 1: text before the first ACOR message header\n1 problem\n");
  });

  it("--variant checks an AORP tool-specific variant", async () => {
    expect((await runCli(["validate", "--no-tools", "--protocol", "aorp", "--variant", "analysis", aorpExample], { cwd: outsideProject })).exitCode).toBe(0);
    const session = await runCli(["validate", "--no-tools", "--protocol", "aorp", "--variant", "session", aorpExample], { cwd: outsideProject });
    expect(session.exitCode).toBe(1);
    expect(session.stdout).toContain(`${aorpExample}: /immediate/confidence: must be 1.0: session operations are always confident\n`);
    const typo = await runCli(["validate", "--no-tools", "--protocol", "aorp", "--variant", "sesion", aorpExample], { cwd: outsideProject });
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain('--variant: unknown aorp variant "sesion"; did you mean "session"? (expected one of analysis, synthesis, session)');
    const elsewhere = await runCli(["validate", "--no-tools", "--protocol", "guidance", "--variant", "analysis", aorpExample], { cwd: outsideProject });
    expect(elsewhere.exitCode).toBe(2);
    expect(elsewhere.stderr).toContain("--variant: guidance has no tool-specific variants (only aorp has)");
  });

  it("--tools checks that next steps name the server's tools", async () => {
    const envelope = analysis();
    envelope.actionable.next_steps = ["synthesize_perspectives - Discover hidden patterns", "synthesise_perspectives - typo"];
    const run = await runCli(["validate", "--protocol", "aorp", "--tools", "synthesize_perspectives, add_perspective"], {
      cwd: outsideProject,
      stdin: JSON.stringify(envelope),
    });
    expect(run.stdout).toBe('<stdin>: /actionable/next_steps/1: names unknown tool "synthesise_perspectives"\n1 problem\n');
    const refused = await runCli(["validate", "--protocol", "aop", "--tools", "a"], { cwd: outsideProject, stdin: "x" });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("--tools: the aop validator checks no tool names");
    const empty = await runCli(["validate", "--protocol", "aorp", "--tools", " , "], { cwd: outsideProject, stdin: "{}" });
    expect(empty.exitCode).toBe(2);
  });

  it("without --tools, inside a project, reads the tool names from the project's inventory", async () => {
    const project = join(fixturesRoot, "styles", "sdk-register-tool");
    const envelope = analysis();
    envelope.actionable.next_steps = ['get_alerts(region="north") - Check the alerts', "get_alert - misspelt"];
    const run = await runCli(["validate", "--protocol", "aorp", "-"], { cwd: project, stdin: JSON.stringify(envelope) });
    expect(run.stderr).toMatch(/^mcp-conform validate: tool names checked against the \d+ tools of tsconfig\.json\n$/);
    expect(run.stdout).toBe('<stdin>: /actionable/next_steps/1: names unknown tool "get_alert"\n1 problem\n');
    // --tools wins, and costs no analysis (validate-project.full.test.ts has --project and --no-tools).
    const named = await runCli(["validate", "--protocol", "aorp", "--tools", "get_alert,get_alerts", "-"], { cwd: project, stdin: JSON.stringify(envelope) });
    expect([named.exitCode, named.stderr]).toEqual([0, ""]);
  });

  it("without --tools, outside any project, validates the response and checks no tool names", async () => {
    const envelope = analysis();
    envelope.actionable.next_steps = ["get_alert - a name no project can vouch for"];
    const run = await runCli(["validate", "--protocol", "aorp", "-"], { cwd: outsideProject, stdin: JSON.stringify(envelope) });
    expect([run.exitCode, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toContain("valid");
  });

  it("exits 2 when the input cannot be parsed or read", async () => {
    const notJson = await runCli(["validate", "--no-tools", "--protocol", "smart-v2"], { cwd: outsideProject, stdin: "{ nope" });
    expect(notJson.exitCode).toBe(2);
    expect(notJson.stderr).toContain("<stdin>: not JSON");
    const missing = await runCli(["validate", "--no-tools", "--protocol", "guidance", "no/such/file.json"], { cwd: outsideProject });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("cannot read no/such/file.json");
    const noProtocol = await runCli(["validate", "--no-tools", aorpExample], { cwd: outsideProject });
    expect(noProtocol.exitCode).toBe(2);
  });
});
