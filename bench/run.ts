// `npm run bench [-- --sizes 100,1000 --runs 5]`
//
// For each size N, writes a synthetic MCP server with N tools (bench/synthetic-server.ts), then
// times every stage below as a child process, interleaved run by run so that drift in the
// machine's load hits all stages alike, and prints the median of each beside `tsc --noEmit`.
// A stage that fails is reported with the tail of its output and skipped for the rest of that
// size; the bench goes on and exits 1 at the end.
//
// To benchmark a new stage (generate cold/warm, check, ...), add an entry to STAGES.

import { spawn, spawnSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { writeSyntheticServer, type SyntheticManifest } from "./synthetic-server.js";
import { measureWatchCycles } from "./watch-cycle.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = join(ROOT, "node_modules", "typescript", "lib", "tsc.js");
const CLI = join(ROOT, "bin", "mcp-conform.js");

interface Command {
  file: string;
  args: string[];
}

interface Stage {
  label: string;
  command(dir: string): Command;
  /** Label of the stage this one is compared against (the ratio column). */
  baseline?: string;
  /** Largest acceptable ratio to the baseline. */
  target?: number;
  /** Checks the output of the first successful run; returns warnings. */
  inspect?(stdout: string, manifest: SyntheticManifest): string[];
  /** Runs untimed right before each run of the stage (e.g. deleting output for a cold run). */
  prepare?(dir: string): void;
  /** Exit codes that count as success; default [0]. */
  okExitCodes?: number[];
}

/** Where `generate` writes in a bench project, and the format cache it keeps between runs. */
const GENERATED_DIR = "src/generated/mcp-conform";
const FORMAT_CACHE = join(ROOT, "node_modules", ".cache", "mcp-conform");

const STAGES: Stage[] = [
  {
    label: "tsc --noEmit",
    command: (dir) => ({ file: process.execPath, args: [TSC, "--noEmit", "-p", dir] }),
    // The user's project as it is before generation: the previous round's output is not counted.
    prepare: (dir) => rmSync(join(dir, GENERATED_DIR), { recursive: true, force: true }),
  },
  {
    label: "analyze --json",
    command: (dir) => ({ file: process.execPath, args: [CLI, "analyze", "--json", "--project", dir] }),
    baseline: "tsc --noEmit",
    target: 0.5,
    inspect: compareInventory,
  },
  {
    // The floor under "cold": the same run without Prettier (--no-format), so what is left is
    // loading, analysis, rendering and writing. Not a target; it shows how much of cold is formatting.
    label: "generate (cold, --no-format)",
    command: (dir) => ({ file: process.execPath, args: [CLI, "generate", "--protocol", "aorp", "--no-format", "--project", dir] }),
    prepare: (dir) => {
      rmSync(join(dir, GENERATED_DIR), { recursive: true, force: true });
      rmSync(FORMAT_CACHE, { recursive: true, force: true });
    },
    baseline: "tsc --noEmit",
  },
  {
    // Cold: no output on disk and no format cache, as on a fresh clone.
    label: "generate (cold)",
    command: (dir) => ({ file: process.execPath, args: [CLI, "generate", "--protocol", "aorp", "--project", dir] }),
    prepare: (dir) => {
      rmSync(join(dir, GENERATED_DIR), { recursive: true, force: true });
      rmSync(FORMAT_CACHE, { recursive: true, force: true });
    },
    baseline: "tsc --noEmit",
    target: 0.5,
  },
  {
    // Warm: right after a cold run, nothing changed; must write 0 files.
    label: "generate (warm)",
    command: (dir) => ({ file: process.execPath, args: [CLI, "generate", "--protocol", "aorp", "--project", dir] }),
    baseline: "generate (cold)",
    target: 0.3,
    inspect: (stdout) => (stdout.includes("0 files written") ? [] : [`a run with nothing changed wrote files: ${stdout.trim()}`]),
  },
  {
    // tsc on the project `check` reads: the sources and the generated output (from the warm run).
    label: "tsc --noEmit (with output)",
    command: (dir) => ({ file: process.execPath, args: [TSC, "--noEmit", "-p", dir] }),
  },
  {
    // The synthetic server is a server before migration: no handler is wrapped with conform(), so
    // every tool has MCPC103 and `check` exits 1, as it should. Exit 1 is accepted here, and the
    // JSON report must judge every tool the generator wrote (inspectCheckReport).
    label: "check",
    command: (dir) => ({ file: process.execPath, args: [CLI, "check", "--protocol", "aorp", "--format", "json", "--project", dir] }),
    okExitCodes: [0, 1],
    baseline: "tsc --noEmit (with output)",
    target: 1.0,
    inspect: inspectCheckReport,
  },
];

// ---------------------------------------------------------------------------------------------

interface StageResult {
  size: number;
  stage: Stage;
  times: number[];
  failure?: { exit: string; tail: string };
  warnings: string[];
}

interface RunOutcome {
  ms: number;
  ok: boolean;
  exit: string;
  stdout: string;
  stderr: string;
}

const USAGE = `usage: npm run bench -- [--sizes 100,1000] [--runs 5] [--warmup 1] [--seed 1] [--tools-per-file 5]
                       [--timeout 600] [--skip-build] [--out results.json]`;

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      options: {
        sizes: { type: "string", default: "100,1000" },
        runs: { type: "string", default: "5" },
        warmup: { type: "string", default: "1" },
        seed: { type: "string", default: "1" },
        "tools-per-file": { type: "string", default: "5" },
        timeout: { type: "string", default: "600" },
        "skip-build": { type: "boolean", default: false },
        out: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  const sizes = flags.sizes.split(",").map((s) => Number(s.trim()));
  const runs = Number(flags.runs);
  const warmup = Number(flags.warmup);
  const seed = Number(flags.seed);
  const toolsPerFile = Number(flags["tools-per-file"]);
  const timeoutMs = Number(flags.timeout) * 1000;
  const bad = [
    ...sizes.filter((n) => !Number.isInteger(n) || n < 1).map((n) => `--sizes: ${n}`),
    ...([["--runs", runs, 1], ["--warmup", warmup, 0], ["--seed", seed, 0], ["--tools-per-file", toolsPerFile, 1], ["--timeout", timeoutMs, 1]] as const)
      .filter(([, value, min]) => !Number.isInteger(value) || value < min)
      .map(([name, value]) => `${name}: ${value}`),
  ];
  if (bad.length > 0) {
    console.error(`bench: invalid ${bad.join(", ")}\n${USAGE}`);
    return 2;
  }

  const tsVersion = (JSON.parse(readFileSync(join(ROOT, "node_modules", "typescript", "package.json"), "utf8")) as { version: string }).version;
  console.log(`mcp-conform bench: node ${process.version}, typescript ${tsVersion}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"})`);
  console.log(`sizes ${sizes.join(", ")}; ${runs} timed run(s) per stage after ${warmup} warm-up; seed ${seed}\n`);

  if (!flags["skip-build"]) build();

  const results: StageResult[] = [];
  for (const size of sizes) {
    const dir = join(ROOT, ".tmp", "bench", `n${size}-seed${seed}`);
    const started = performance.now();
    const manifest = writeSyntheticServer(dir, { tools: size, toolsPerFile, seed });
    const { files, lines } = countSource(join(dir, "src"));
    console.log(`N=${size}: ${manifest.tools.length} tools in ${files} files, ${lines} lines → ${dir} (${ms(performance.now() - started)} ms)`);

    const perStage = STAGES.map((stage): StageResult => ({ size, stage, times: [], warnings: [] }));
    for (let round = 0; round < warmup + runs; round++) {
      const timed = round >= warmup;
      for (const result of perStage) {
        if (result.failure) continue;
        result.stage.prepare?.(dir);
        const { file, args } = result.stage.command(dir);
        const outcome = await time(file, args, timeoutMs, result.stage.okExitCodes ?? [0]);
        if (!outcome.ok) {
          result.failure = { exit: outcome.exit, tail: tail(outcome.stderr.trim() || outcome.stdout.trim(), 15) };
          console.log(`  ✗ ${result.stage.label}: FAILED (${outcome.exit}) after ${ms(outcome.ms)} ms`);
          console.log(indentText(result.failure.tail || "(no output)", "    │ "));
          continue;
        }
        if (round === 0 && result.stage.inspect) {
          result.warnings = result.stage.inspect(outcome.stdout, manifest);
          for (const warning of result.warnings) console.log(`  !!! WARNING (${result.stage.label}): ${warning}`);
        }
        if (timed) result.times.push(outcome.ms);
      }
      const progress = perStage.map((r) => `${r.stage.label} ${r.failure ? "failed" : r.times.length > 0 ? `${ms(r.times.at(-1)!)} ms` : `${timed ? "" : "warm-up "}ok`}`);
      console.log(`  ${timed ? `run ${round - warmup + 1}/${runs}` : "warm-up"}: ${progress.join(" · ")}`);
    }
    results.push(...perStage);

    const watch = await measureWatchCycles(ROOT, dir, runs);
    const watchStage: Stage = { label: "generate --watch, one-file edit", command: () => ({ file: "", args: [] }) };
    results.push({ size, stage: watchStage, times: watch.times, warnings: watch.error ? [watch.error] : [] });
    console.log(`  watch: ${watch.times.map((t) => `${ms(t)} ms`).join(" · ")} (target < 300 ms)${watch.error ? ` — ${watch.error}` : ""}`);
    console.log("");
  }

  printTable(results);
  if (flags.out) {
    writeFileSync(
      resolve(flags.out),
      `${JSON.stringify(
        results.map((r) => ({
          size: r.size,
          stage: r.stage.label,
          medianMs: r.times.length > 0 ? median(r.times) : null,
          timesMs: r.times,
          ratio: ratioOf(r, results),
          target: r.stage.target ?? null,
          failure: r.failure ?? null,
          warnings: r.warnings,
        })),
        null,
        2,
      )}\n`,
    );
  }

  const failed = results.filter((r) => r.failure || r.warnings.length > 0);
  if (failed.length > 0) {
    console.log(`\n${failed.length} stage result(s) failed or gave warnings: ${failed.map((r) => `${r.stage.label} @ N=${r.size}`).join(", ")}`);
    return 1;
  }
  return 0;
}

function build(): void {
  process.stdout.write("npm run build … ");
  const started = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { cwd: ROOT, encoding: "utf8", shell: process.platform === "win32" });
  if (result.status === 0) {
    console.log(`ok (${ms(performance.now() - started)} ms)\n`);
    return;
  }
  console.log(`FAILED (exit ${result.status ?? result.signal}); stages that need dist/ will fail or run a stale build`);
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`
    .split("\n")
    .filter((line) => !line.startsWith("npm warn"))
    .join("\n");
  console.log(indentText(tail(output.trim(), 15), "    │ "));
  console.log("");
}

function time(file: string, args: string[], timeoutMs: number, okExitCodes: number[]): Promise<RunOutcome> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(file, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const finish = (exit: string, ok: boolean): void => {
      clearTimeout(timer);
      done({ ms: performance.now() - started, ok, exit, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    };
    child.on("error", (error) => finish(`spawn error: ${error.message}`, false));
    child.on("close", (code, signal) => {
      if (timedOut) finish(`timed out after ${timeoutMs / 1000} s`, false);
      else if (signal) finish(`killed by ${signal}`, false);
      else finish(`exit ${code}`, code !== null && okExitCodes.includes(code));
    });
  });
}

/** The analyser must find exactly the tools the generator wrote, with the right styles. */
function compareInventory(stdout: string, manifest: SyntheticManifest): string[] {
  let inventory: { tools?: Array<{ name?: unknown; style?: unknown }> };
  try {
    inventory = JSON.parse(stdout) as typeof inventory;
  } catch {
    return [`stdout is not JSON: ${JSON.stringify(stdout.slice(0, 200))}`];
  }
  if (!Array.isArray(inventory.tools)) return ["the inventory has no tools array"];
  const found = new Map<string, string>();
  for (const tool of inventory.tools) found.set(String(tool.name), String(tool.style));
  const expected = new Map(manifest.tools.map((t) => [t.name, t.style] as const));
  const missing = [...expected.keys()].filter((name) => !found.has(name));
  const extra = [...found.keys()].filter((name) => !expected.has(name));
  const wrongStyle = [...expected].filter(([name, style]) => found.has(name) && found.get(name) !== style);
  const warnings: string[] = [];
  const sample = (items: string[]): string => `${items.slice(0, 8).join(", ")}${items.length > 8 ? `, … (${items.length - 8} more)` : ""}`;
  if (inventory.tools.length !== manifest.tools.length || missing.length > 0 || extra.length > 0) {
    warnings.push(`analyser found ${inventory.tools.length} tools, the generator wrote ${manifest.tools.length}`);
  }
  if (missing.length > 0) warnings.push(`${missing.length} missing: ${sample(missing)}`);
  if (extra.length > 0) warnings.push(`${extra.length} unexpected: ${sample(extra)}`);
  if (wrongStyle.length > 0) {
    warnings.push(`${wrongStyle.length} with the wrong style: ${sample(wrongStyle.map(([name, style]) => `${name} (${found.get(name)}, expected ${style})`))}`);
  }
  if (warnings.length === 0) console.log(`  ✓ ${inventory.tools.length}/${manifest.tools.length} tools found, styles match`);
  return warnings;
}

/** `check --format json` must report on exactly the tools the generator wrote, with its coverage. */
function inspectCheckReport(stdout: string, manifest: SyntheticManifest): string[] {
  let report: { ok?: unknown; coverage?: { conforming?: { total?: unknown } }; tools?: Array<{ name?: unknown; problems?: unknown }> };
  try {
    report = JSON.parse(stdout) as typeof report;
  } catch {
    return [`stdout is not JSON: ${JSON.stringify(stdout.slice(0, 200))}`];
  }
  if (!Array.isArray(report.tools) || typeof report.ok !== "boolean") return ["the report has no tools array or no ok"];
  const names = report.tools.map((tool) => String(tool.name)).sort();
  const expected = manifest.tools.map((tool) => tool.name).sort();
  if (names.join("\n") !== expected.join("\n")) return [`check judged ${names.length} tools, the generator wrote ${expected.length}`];
  if (report.coverage?.conforming?.total !== expected.length) return [`coverage counts ${String(report.coverage?.conforming?.total)} tools, not ${expected.length}`];
  const problems = report.tools.reduce((sum, tool) => sum + (Array.isArray(tool.problems) ? tool.problems.length : 0), 0);
  console.log(`  ✓ check judged ${names.length}/${expected.length} tools (${problems} problems, ok: ${String(report.ok)})`);
  return [];
}

function printTable(results: StageResult[]): void {
  const header = ["N", "stage", "median ms", "min", "max", "runs", "ratio", "target", "verdict"];
  const rows = results.map((r) => {
    const ratio = ratioOf(r, results);
    let verdict = "";
    if (r.failure) verdict = `FAILED (${r.failure.exit})`;
    else if (r.warnings.length > 0) verdict = "WRONG OUTPUT";
    else if (r.stage.target !== undefined && ratio !== null) verdict = ratio <= r.stage.target ? "ok" : "OVER TARGET";
    const has = r.times.length > 0;
    return [
      String(r.size),
      r.stage.label,
      has ? ms(median(r.times)) : "—",
      has ? ms(Math.min(...r.times)) : "—",
      has ? ms(Math.max(...r.times)) : "—",
      String(r.times.length),
      ratio !== null ? `${ratio.toFixed(2)}× ${r.stage.baseline}` : "",
      r.stage.target !== undefined ? `≤ ${r.stage.target}×` : "",
      verdict,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([0, 2, 3, 4, 5]);
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  let previousSize: number | undefined;
  for (const [i, row] of rows.entries()) {
    if (previousSize !== undefined && results[i]!.size !== previousSize) console.log("");
    previousSize = results[i]!.size;
    console.log(line(row));
  }
}

function ratioOf(result: StageResult, all: StageResult[]): number | null {
  if (!result.stage.baseline || result.times.length === 0) return null;
  const base = all.find((r) => r.size === result.size && r.stage.label === result.stage.baseline);
  if (!base || base.times.length === 0) return null;
  return median(result.times) / median(base.times);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function countSource(dir: string): { files: number; lines: number } {
  let files = 0;
  let lines = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, entry);
    if (!entry.endsWith(".ts") || !statSync(path).isFile()) continue;
    files++;
    lines += readFileSync(path, "utf8").split("\n").length;
  }
  return { files, lines };
}

function tail(text: string, count: number): string {
  const lines = text.split("\n");
  return (lines.length > count ? ["…", ...lines.slice(-count)] : lines).join("\n");
}

function indentText(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
}

function ms(value: number): string {
  return Math.round(value).toString();
}

process.exitCode = await main();
