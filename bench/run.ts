// `npm run bench [-- --shapes styles,json-zod --sizes 100,1000 --runs 3]`
//
// For each shape and size N, writes a synthetic MCP server with N tools (bench/synthetic-server.ts:
// `styles` spreads them over the seven discovery styles, `json-zod` is issue #17's server), then
// runs every stage below as a child process, interleaved run by run so that drift in the machine's
// load hits all stages alike, and prints the median time and peak memory (maxRSS, bench/peak-memory.ts)
// of each beside TypeScript 6's and TypeScript 7's `tsc --noEmit` on the same project, then the
// per-tool slope of every stage between the smallest and the largest size.
// A stage that fails is reported with the tail of its output and skipped for the rest of that
// project; the bench goes on and exits 1 at the end.
//
// To benchmark a new stage (generate cold/warm, check, ...), add an entry to STAGES.

import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { peakMemorySupported, withPeakMemory } from "./peak-memory.js";
import { SYNTHETIC_SHAPES, writeSyntheticServer, type SyntheticManifest, type SyntheticShape } from "./synthetic-server.js";
import { measureInstallWeight } from "./install-weight.js";
import { measureWatchCycles } from "./watch-cycle.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC6 = join(ROOT, "node_modules", "typescript", "lib", "tsc.js");
// TypeScript 7's launcher, as `npx tsc` runs it: a Node script that starts the native compiler.
const TSC7 = join(ROOT, "node_modules", "typescript7", "bin", "tsc");
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
  /** Label of the stage whose peak memory this one's is compared against, and the largest acceptable ratio. */
  memoryBaseline?: string;
  memoryTarget?: number;
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

const TSC6_LABEL = "tsc 6 --noEmit";
const TSC7_LABEL = "tsc 7 --noEmit";
const TSC6_OUTPUT_LABEL = "tsc 6, with output";

/** Deletes the format cache and the record of the last generate: a fresh clone of a project that commits its output (CI). */
function removeRunRecord(): void {
  rmSync(FORMAT_CACHE, { recursive: true, force: true });
}

/** Deletes the output and the format cache: a fresh clone of a project that git-ignores its output. */
function removeOutput(dir: string): void {
  rmSync(join(dir, GENERATED_DIR), { recursive: true, force: true });
  rmSync(FORMAT_CACHE, { recursive: true, force: true });
}

const STAGES: Stage[] = [
  {
    label: TSC6_LABEL,
    command: (dir) => ({ file: process.execPath, args: [TSC6, "--noEmit", "-p", dir] }),
    // The user's project as it is before generation: the previous round's output is not counted.
    prepare: removeOutput,
  },
  {
    label: TSC7_LABEL,
    command: (dir) => ({ file: process.execPath, args: [TSC7, "--noEmit", "-p", dir] }),
  },
  {
    label: "analyze --json",
    command: (dir) => ({ file: process.execPath, args: [CLI, "analyze", "--json", "--engine", "ts6", "--project", dir] }),
    baseline: TSC6_LABEL,
    target: 0.5,
    inspect: compareInventory,
  },
  {
    // The same analysis on the TypeScript 7 engine, against the compiler it runs.
    label: "analyze --json, ts7 engine",
    command: (dir) => ({ file: process.execPath, args: [CLI, "analyze", "--json", "--engine", "ts7", "--project", dir] }),
    baseline: TSC7_LABEL,
    target: 0.6,
    memoryBaseline: TSC7_LABEL,
    memoryTarget: 1.5,
    inspect: compareInventory,
  },
  {
    label: "generate (cold), ts7 engine",
    command: (dir) => ({ file: process.execPath, args: [CLI, "generate", "--protocol", "aorp", "--engine", "ts7", "--project", dir] }),
    prepare: removeOutput,
    baseline: TSC7_LABEL,
    target: 1.0,
    memoryBaseline: TSC7_LABEL,
    memoryTarget: 1.5,
  },
  {
    // The floor under "cold": the same run without Prettier (--no-format), so what is left is
    // loading, analysis, rendering and writing. Not a target; it shows how much of cold is formatting.
    label: "generate (cold, --no-format)",
    command: (dir) => ({ file: process.execPath, args: [CLI, "generate", "--protocol", "aorp", "--no-format", "--engine", "ts6", "--project", dir] }),
    prepare: removeOutput,
    baseline: TSC6_LABEL,
  },
  {
    // Cold: no output on disk and no format cache, as on a fresh clone.
    label: "generate (cold)",
    command: (dir) => ({ file: process.execPath, args: [CLI, "generate", "--protocol", "aorp", "--engine", "ts6", "--project", dir] }),
    prepare: removeOutput,
    baseline: TSC6_LABEL,
    target: 0.8,
    memoryBaseline: TSC6_LABEL,
    memoryTarget: 1.5,
  },
  {
    // Warm: right after a cold run, nothing changed; must write 0 files.
    label: "generate (warm)",
    command: (dir) => ({ file: process.execPath, args: [CLI, "generate", "--protocol", "aorp", "--project", dir] }),
    baseline: "generate (cold)",
    target: 0.1,
    inspect: (stdout) => (stdout.includes("0 files written") ? [] : [`a run with nothing changed wrote files: ${stdout.trim()}`]),
  },
  {
    // What the generated output (from the warm run) costs the project's own type-check, with
    // either compiler: at most 20% more time and memory.
    label: TSC6_OUTPUT_LABEL,
    command: (dir) => ({ file: process.execPath, args: [TSC6, "--noEmit", "-p", dir] }),
    baseline: TSC6_LABEL,
    target: 1.2,
    memoryBaseline: TSC6_LABEL,
    memoryTarget: 1.2,
  },
  {
    label: "tsc 7, with output",
    command: (dir) => ({ file: process.execPath, args: [TSC7, "--noEmit", "-p", dir] }),
    baseline: TSC7_LABEL,
    target: 1.2,
    memoryBaseline: TSC7_LABEL,
    memoryTarget: 1.2,
  },
  {
    // The synthetic server is a server before migration: no handler is wrapped with conform(), so
    // every tool has MCPC103 and `check` exits 1, as it should. Exit 1 is accepted here, and the
    // JSON report must judge every tool the generator wrote (inspectCheckReport). It is compared
    // with tsc on the project it reads: the sources and the generated output. It runs as in CI:
    // a fresh clone with the output committed, and no record of the last generate.
    label: "check",
    command: (dir) => ({ file: process.execPath, args: [CLI, "check", "--protocol", "aorp", "--format", "json", "--engine", "ts6", "--project", dir] }),
    prepare: removeRunRecord,
    okExitCodes: [0, 1],
    baseline: TSC6_OUTPUT_LABEL,
    target: 1.0,
    memoryBaseline: TSC6_OUTPUT_LABEL,
    memoryTarget: 1.5,
    inspect: inspectCheckReport,
  },
  {
    // The same check on the TypeScript 7 engine, against the compiler it runs (on the same project).
    label: "check, ts7 engine",
    command: (dir) => ({ file: process.execPath, args: [CLI, "check", "--protocol", "aorp", "--format", "json", "--engine", "ts7", "--project", dir] }),
    prepare: removeRunRecord,
    okExitCodes: [0, 1],
    baseline: "tsc 7, with output",
    target: 1.0,
    memoryBaseline: "tsc 7, with output",
    memoryTarget: 1.5,
    inspect: inspectCheckReport,
  },
];

const WATCH_LABEL = "generate --watch, one-file edit";
const WATCH_TARGET_MS = 150;

// ---------------------------------------------------------------------------------------------

interface StageResult {
  shape: SyntheticShape;
  size: number;
  stage: Stage;
  times: number[];
  /** Peak resident set of each timed run, in bytes (empty when it cannot be measured). */
  memory: number[];
  failure?: { exit: string; tail: string };
  warnings: string[];
}

interface RunOutcome {
  ms: number;
  /** Peak resident set in bytes, or null. */
  peak: number | null;
  ok: boolean;
  exit: string;
  stdout: string;
  stderr: string;
}

const USAGE = `usage: npm run bench -- [--shapes styles,json-zod] [--sizes 100,1000] [--runs 3] [--warmup 1] [--seed 1]
                       [--tools-per-file 5] [--timeout 600] [--skip-build] [--skip-install] [--out results.json]`;

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      options: {
        shapes: { type: "string", default: SYNTHETIC_SHAPES.join(",") },
        sizes: { type: "string", default: "100,1000" },
        runs: { type: "string", default: "3" },
        warmup: { type: "string", default: "1" },
        seed: { type: "string", default: "1" },
        "tools-per-file": { type: "string", default: "5" },
        timeout: { type: "string", default: "600" },
        "skip-build": { type: "boolean", default: false },
        "skip-install": { type: "boolean", default: false },
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
  const shapes = flags.shapes.split(",").map((s) => s.trim());
  const sizes = flags.sizes.split(",").map((s) => Number(s.trim()));
  const runs = Number(flags.runs);
  const warmup = Number(flags.warmup);
  const seed = Number(flags.seed);
  const toolsPerFile = Number(flags["tools-per-file"]);
  const timeoutMs = Number(flags.timeout) * 1000;
  const bad = [
    ...shapes
      .filter((shape) => !(SYNTHETIC_SHAPES as readonly string[]).includes(shape))
      .map((shape) => `--shapes: ${shape} (one of ${SYNTHETIC_SHAPES.join(", ")})`),
    ...sizes.filter((n) => !Number.isInteger(n) || n < 1).map((n) => `--sizes: ${n}`),
    ...(
      [
        ["--runs", runs, 1],
        ["--warmup", warmup, 0],
        ["--seed", seed, 0],
        ["--tools-per-file", toolsPerFile, 1],
        ["--timeout", timeoutMs, 1],
      ] as const
    )
      .filter(([, value, min]) => !Number.isInteger(value) || value < min)
      .map(([name, value]) => `${name}: ${value}`),
  ];
  if (bad.length > 0) {
    console.error(`bench: invalid ${bad.join(", ")}\n${USAGE}`);
    return 2;
  }

  const version = (pkg: string): string => (JSON.parse(readFileSync(join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;
  console.log(
    `mcp-conform bench: node ${process.version}, typescript ${version("typescript")} and ${version("typescript7")}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"})`,
  );
  console.log(`shapes ${shapes.join(", ")}; sizes ${sizes.join(", ")}; ${runs} timed run(s) per stage after ${warmup} warm-up; seed ${seed}`);
  console.log(peakMemorySupported() ? "peak memory: maxRSS through /usr/bin/time\n" : "peak memory: not measured (needs GNU time at /usr/bin/time)\n");
  const memoryReport = join(ROOT, ".tmp", "bench", "peak-memory.txt");
  mkdirSync(dirname(memoryReport), { recursive: true });

  if (!flags["skip-build"]) build();

  const results: StageResult[] = [];
  for (const shape of shapes as SyntheticShape[]) {
    for (const size of sizes) {
      const dir = join(ROOT, ".tmp", "bench", `${shape}-n${size}-seed${seed}`);
      const started = performance.now();
      const manifest = writeSyntheticServer(dir, { tools: size, toolsPerFile, seed, shape });
      const { files, lines } = countSource(join(dir, "src"));
      console.log(`${shape} N=${size}: ${manifest.tools.length} tools in ${files} files, ${lines} lines → ${dir} (${ms(performance.now() - started)} ms)`);

      const perStage = STAGES.map((stage): StageResult => ({ shape, size, stage, times: [], memory: [], warnings: [] }));
      for (let round = 0; round < warmup + runs; round++) {
        const timed = round >= warmup;
        for (const result of perStage) {
          if (result.failure) continue;
          result.stage.prepare?.(dir);
          const { file, args } = result.stage.command(dir);
          const outcome = await time(file, args, timeoutMs, result.stage.okExitCodes ?? [0], memoryReport);
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
          if (timed) {
            result.times.push(outcome.ms);
            if (outcome.peak !== null) result.memory.push(outcome.peak);
          }
        }
        const progress = perStage.map(
          (r) => `${r.stage.label} ${r.failure ? "failed" : r.times.length > 0 ? `${ms(r.times.at(-1)!)} ms` : `${timed ? "" : "warm-up "}ok`}`,
        );
        console.log(`  ${timed ? `run ${round - warmup + 1}/${runs}` : "warm-up"}: ${progress.join(" · ")}`);
      }
      results.push(...perStage);

      // The target holds with either engine: each watches the same edits of the same project.
      for (const engine of ["ts6", "ts7"] as const) {
        // Three edits a run: a cycle is a tenth of a second, and this machine's noise is tens of milliseconds.
        const watch = await measureWatchCycles(ROOT, dir, runs * 3, engine);
        const watchStage: Stage = { label: `${WATCH_LABEL}, ${engine} engine`, command: () => ({ file: "", args: [] }) };
        results.push({ shape, size, stage: watchStage, times: watch.times, memory: [], warnings: watch.error ? [watch.error] : [] });
        console.log(
          `  watch (${engine}): ${watch.times.map((t) => `${ms(t)} ms`).join(" · ")} (target ≤ ${WATCH_TARGET_MS} ms)${watch.error ? ` — ${watch.error}` : ""}`,
        );
      }
      console.log("");
    }
  }

  printTable(results);
  printSlopes(results);
  if (!flags["skip-install"]) {
    // What `npm i -D mcp-conform` adds to a project (bench/install-weight.ts).
    const weight = measureInstallWeight(ROOT);
    console.log(
      `\ninstall weight: ${weight.megabytes} MB in ${weight.packages} packages (largest: ${weight.largest.map((p) => `${p.name} ${p.megabytes} MB`).join(", ")})`,
    );
  }
  if (flags.out) {
    writeFileSync(
      resolve(flags.out),
      `${JSON.stringify(
        results.map((r) => ({
          shape: r.shape,
          size: r.size,
          stage: r.stage.label,
          medianMs: r.times.length > 0 ? median(r.times) : null,
          timesMs: r.times,
          ratio: ratioOf(r, results),
          target: r.stage.target ?? null,
          medianPeakBytes: r.memory.length > 0 ? median(r.memory) : null,
          peakBytes: r.memory,
          memoryRatio: memoryRatioOf(r, results),
          memoryTarget: r.stage.memoryTarget ?? null,
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
    console.log(`\n${failed.length} stage result(s) failed or gave warnings: ${failed.map((r) => `${r.stage.label} @ ${r.shape} N=${r.size}`).join(", ")}`);
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

function time(file: string, args: string[], timeoutMs: number, okExitCodes: number[], memoryReport: string): Promise<RunOutcome> {
  // GNU time adds about a millisecond of its own; it wraps every stage alike.
  const probe = withPeakMemory(file, args, memoryReport);
  return new Promise((done) => {
    const started = performance.now();
    // Its own process group, so that a timeout kills what GNU time or a launcher started too.
    const child = spawn(probe.file, probe.args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }, timeoutMs);
    const finish = (exit: string, ok: boolean): void => {
      clearTimeout(timer);
      const elapsed = performance.now() - started;
      done({ ms: elapsed, peak: probe.read(), ok, exit, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
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
  if (report.coverage?.conforming?.total !== expected.length)
    return [`coverage counts ${String(report.coverage?.conforming?.total)} tools, not ${expected.length}`];
  const problems = report.tools.reduce((sum, tool) => sum + (Array.isArray(tool.problems) ? tool.problems.length : 0), 0);
  console.log(`  ✓ check judged ${names.length}/${expected.length} tools (${problems} problems, ok: ${String(report.ok)})`);
  return [];
}

function printTable(results: StageResult[]): void {
  const header = ["shape", "N", "stage", "median ms", "min", "max", "runs", "ratio", "target", "peak MB", "memory ratio", "target", "verdict"];
  const rows = results.map((r) => {
    const ratio = ratioOf(r, results);
    const memoryRatio = memoryRatioOf(r, results);
    const verdicts: string[] = [];
    if (r.failure) verdicts.push(`FAILED (${r.failure.exit})`);
    else if (r.warnings.length > 0) verdicts.push("WRONG OUTPUT");
    else {
      if (r.stage.target !== undefined && ratio !== null) verdicts.push(ratio <= r.stage.target ? "ok" : "OVER TARGET");
      if (r.stage.label.startsWith(WATCH_LABEL) && r.times.length > 0) verdicts.push(median(r.times) <= WATCH_TARGET_MS ? "ok" : "OVER TARGET");
      if (r.stage.memoryTarget !== undefined && memoryRatio !== null) verdicts.push(memoryRatio <= r.stage.memoryTarget ? "memory ok" : "MEMORY OVER TARGET");
    }
    const has = r.times.length > 0;
    return [
      r.shape,
      String(r.size),
      r.stage.label,
      has ? ms(median(r.times)) : "—",
      has ? ms(Math.min(...r.times)) : "—",
      has ? ms(Math.max(...r.times)) : "—",
      String(r.times.length),
      ratio !== null ? `${ratio.toFixed(2)}× ${r.stage.baseline}` : "",
      r.stage.target !== undefined ? `≤ ${r.stage.target}×` : r.stage.label.startsWith(WATCH_LABEL) ? `≤ ${WATCH_TARGET_MS} ms` : "",
      r.memory.length > 0 ? megabytes(median(r.memory)) : "—",
      memoryRatio !== null ? `${memoryRatio.toFixed(2)}× ${r.stage.memoryBaseline}` : "",
      r.stage.memoryTarget !== undefined ? `≤ ${r.stage.memoryTarget}×` : "",
      verdicts.join(", "),
    ];
  });
  printColumns(
    header,
    rows,
    new Set([1, 3, 4, 5, 6, 9]),
    (i) => i > 0 && (results[i]!.size !== results[i - 1]!.size || results[i]!.shape !== results[i - 1]!.shape),
  );
}

/**
 * Cost per tool between the smallest and the largest size of each shape: (median at the largest
 * size - median at the smallest) / (tool difference). With a middle size, how far the middle
 * falls from the straight line through the ends says whether the growth is linear.
 */
function printSlopes(results: StageResult[]): void {
  const rows: string[][] = [];
  for (const shape of [...new Set(results.map((r) => r.shape))]) {
    const sizes = [...new Set(results.filter((r) => r.shape === shape).map((r) => r.size))].sort((a, b) => a - b);
    if (sizes.length < 2) continue;
    const small = sizes[0]!;
    const large = sizes.at(-1)!;
    for (const label of [...new Set(results.map((r) => r.stage.label))]) {
      const at = (size: number): StageResult | undefined => results.find((r) => r.shape === shape && r.size === size && r.stage.label === label);
      const ends = [at(small), at(large)];
      if (ends.some((r) => !r || r.times.length === 0)) continue;
      const [first, last] = ends as [StageResult, StageResult];
      const slope = (median(last.times) - median(first.times)) / (large - small);
      const memorySlope = first.memory.length > 0 && last.memory.length > 0 ? (median(last.memory) - median(first.memory)) / (large - small) : null;
      const middles = sizes.slice(1, -1).flatMap((size) => {
        const middle = at(size);
        if (!middle || middle.times.length === 0) return [];
        const line = median(first.times) + slope * (size - small);
        return [`${size}: ${(((median(middle.times) - line) / line) * 100).toFixed(0)}%`];
      });
      rows.push([
        shape,
        `${small}→${large}`,
        label,
        slope.toFixed(2),
        memorySlope !== null ? (memorySlope / 1024).toFixed(0) : "—",
        middles.length > 0 ? middles.join(", ") : "",
      ]);
    }
  }
  if (rows.length === 0) return;
  console.log("\nPer-tool slope (growth between the smallest and the largest size):");
  printColumns(
    ["shape", "N", "stage", "ms/tool", "KB/tool", "middle size off the line"],
    rows,
    new Set([3, 4]),
    (i) => i > 0 && rows[i]![0] !== rows[i - 1]![0],
  );
}

function printColumns(header: string[], rows: string[][], numeric: Set<number>, gapBefore: (row: number) => boolean): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const [i, row] of rows.entries()) {
    if (gapBefore(i)) console.log("");
    console.log(line(row));
  }
}

function baselineOf(result: StageResult, all: StageResult[], label: string | undefined): StageResult | undefined {
  return label === undefined ? undefined : all.find((r) => r.shape === result.shape && r.size === result.size && r.stage.label === label);
}

function ratioOf(result: StageResult, all: StageResult[]): number | null {
  const base = baselineOf(result, all, result.stage.baseline);
  if (!base || base.times.length === 0 || result.times.length === 0) return null;
  return median(result.times) / median(base.times);
}

function memoryRatioOf(result: StageResult, all: StageResult[]): number | null {
  const base = baselineOf(result, all, result.stage.memoryBaseline);
  if (!base || base.memory.length === 0 || result.memory.length === 0) return null;
  return median(result.memory) / median(base.memory);
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

function megabytes(bytes: number): string {
  return Math.round(bytes / (1024 * 1024)).toString();
}

process.exitCode = await main();
