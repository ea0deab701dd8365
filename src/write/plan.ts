/**
 * Desired files against the disk: what to write, what is unchanged, what to delete, and what
 * must stop the run before anything is touched.
 *
 * Decisions:
 * - Comparison is on formatted content, byte for byte: `--check` formats exactly like a write,
 *   so it is never falsely stale. Nothing is normalised, with one exception: when the user's
 *   Prettier `endOfLine` is `auto` (their line endings are theirs, e.g. a CRLF checkout), `\r\n`
 *   and `\n` compare equal. With the default `lf` a CRLF file is stale, as `prettier --check`
 *   would also say; with `--no-format` there is no config, so no exception.
 * - Every file in the output folder, at any depth, must carry our header. One that does not is
 *   the user's: the run fails with an `InputError` (exit 2) naming it, before anything is
 *   formatted or written. Links and other non-files are conflicts too.
 * - Generated files on disk that carry our header but are no longer desired are deleted, as are
 *   temp files a killed run left behind.
 * - Scaffolded files are written only when absent; whatever exists is the user's, never read.
 */
import { isAbsolute, join, posix, relative, sep } from "node:path";
import { InputError } from "../errors.js";
import type { FormatCache } from "./format-cache.js";
import { sha256 } from "./format-cache.js";
import type { Formatter } from "./format.js";
import { fsError, type WriteFs } from "./fs.js";
import { isGeneratedFile } from "./header.js";
import type { WriteMemo } from "./memo.js";
import { type OutputDirContents, scanOutputDir } from "./scan.js";

export interface PlanInput {
  projectRoot: string;
  /** Absolute. */
  outputDir: string;
  /** Keyed by path relative to `outputDir`. */
  generated: ReadonlyMap<string, string>;
  /** Keyed by path relative to `projectRoot`; must lie outside `outputDir`. */
  scaffolded: ReadonlyMap<string, string>;
  formatter: Formatter;
  cache: FormatCache | undefined;
  fs: WriteFs;
  /** Kept across `--watch` cycles (memo.ts). */
  memo?: WriteMemo | undefined;
  /**
   * What the output folder holds, scanned before (`check` scans it on its worker while the analysis
   * runs, stale-output-search.ts); default: scanned now. Only for a plan that is not applied.
   */
  disk?: OutputDirContents | undefined;
}

export interface PlannedWrite {
  absPath: string;
  /** Relative to the project root, `/` separators. */
  path: string;
  content: string;
  /** What the file holds now; undefined when it does not exist. */
  previous: string | undefined;
}

export interface PlannedDelete {
  absPath: string;
  path: string;
  /** Restored if the run fails; undefined for a leftover temp file, which is not worth restoring. */
  previous: string | undefined;
}

export interface Plan {
  projectRoot: string;
  outputDir: string;
  /** Generated files that are missing or differ. */
  writes: PlannedWrite[];
  /** Generated files already up to date (project-relative paths). */
  unchanged: string[];
  deletes: PlannedDelete[];
  /** Absent scaffolded files, to be created. */
  scaffolds: PlannedWrite[];
  /** Scaffolded files that exist and are left alone (project-relative paths). */
  scaffoldsKept: string[];
  /** Tells the memo what the written files now hold; called once the plan is on disk. */
  written?: () => void;
}

export function displayPath(projectRoot: string, absPath: string): string {
  // Asked of every output file in every watch cycle: a path under the root is a slice of it.
  if (absPath.length > projectRoot.length + 1 && absPath.startsWith(projectRoot) && absPath[projectRoot.length] === sep) {
    const rel = absPath.slice(projectRoot.length + 1);
    return sep === "/" ? rel : rel.split(sep).join("/");
  }
  const rel = relative(projectRoot, absPath);
  return (rel === "" ? "." : rel).split(sep).join("/");
}

/** `rel` as a clean relative path, or an error: keys come from our own generator. */
function cleanRelative(rel: string, what: string): string {
  const clean = posix.normalize(rel.split("\\").join("/"));
  if (rel === "" || isAbsolute(rel) || clean === "." || clean.startsWith("../") || clean === "..") {
    throw new Error(`${what} path ${JSON.stringify(rel)} is not a relative path inside its folder`);
  }
  return clean;
}

function isInside(dir: string, absPath: string): boolean {
  const rel = relative(dir, absPath);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/** The form in which two contents are compared (see the module comment). */
function comparable(text: string, endOfLineAuto: boolean): string {
  return endOfLineAuto ? text.replace(/\r\n/g, "\n") : text;
}

interface Candidate {
  absPath: string;
  path: string;
  source: string;
  previous: string | undefined;
  scaffold: boolean;
}

export async function planOutput(input: PlanInput): Promise<Plan> {
  const { projectRoot, outputDir, fs, formatter, cache, memo } = input;
  const display = (absPath: string): string => displayPath(projectRoot, absPath);

  const generated = new Map<string, string>();
  for (const [rel, content] of input.generated) {
    const clean = cleanRelative(rel, "generated");
    if (generated.has(clean)) throw new Error(`generated path ${clean} is given twice`);
    generated.set(clean, content);
  }

  const disk = input.disk ?? (await scanOutputDir(fs, outputDir, display));

  const conflicts = [
    ...disk.others,
    ...[...disk.files].filter(([, content]) => !isGeneratedFile(content)).map(([rel]) => rel),
    ...[...generated.keys()].filter((rel) => disk.directories.has(rel)),
  ];
  if (conflicts.length > 0) {
    const paths = [...new Set(conflicts)].map((rel) => display(join(outputDir, rel))).sort();
    throw new InputError(
      `${paths.length === 1 ? "this file is" : "these files are"} in the output folder ${display(outputDir)} but ` +
        `${paths.length === 1 ? "was" : "were"} not generated by mcp-conform (no "@generated by mcp-conform" header); ` +
        `move ${paths.length === 1 ? "it" : "them"} out of the folder or delete ${paths.length === 1 ? "it" : "them"}, ` +
        `or choose another output.dir. Nothing was written:\n${paths.map((path) => `  ${path}`).join("\n")}`,
      { file: paths[0] ?? display(outputDir) },
    );
  }

  const candidates: Candidate[] = [];
  for (const [rel, source] of generated) {
    const absPath = join(outputDir, rel);
    candidates.push({ absPath, path: display(absPath), source, previous: disk.files.get(rel), scaffold: false });
  }

  const scaffoldsKept: string[] = [];
  await Promise.all(
    [...input.scaffolded].map(async ([rel, source]) => {
      const absPath = join(projectRoot, cleanRelative(rel, "scaffolded"));
      if (absPath === outputDir || isInside(outputDir, absPath)) {
        throw new InputError(
          `the scaffolded file ${display(absPath)} would be inside the output folder ${display(outputDir)}, ` +
            `which holds generated files only; choose a guidance folder outside it`,
        );
      }
      let kind;
      try {
        kind = await fs.kind(absPath);
      } catch (error) {
        throw fsError(error, "inspect", display(absPath));
      }
      if (kind === undefined) candidates.push({ absPath, path: display(absPath), source, previous: undefined, scaffold: true });
      else scaffoldsKept.push(display(absPath));
    }),
  );

  // Decide freshness from the cache where possible; everything else is one Prettier batch.
  const formats = await Promise.all(candidates.map((candidate) => formatter.resolve(candidate.absPath)));
  const results = new Map<Candidate, string | "fresh">();
  const batch = new Map<string, string>();
  candidates.forEach((candidate, index) => {
    const format = formats[index]!;
    if (!formatter.enabled) {
      results.set(candidate, candidate.source);
      return;
    }
    if (memo?.isFresh(candidate.absPath, candidate.source, format.key, candidate.previous)) {
      results.set(candidate, "fresh");
      return;
    }
    if (cache !== undefined && candidate.previous !== undefined) {
      const known = cache.lookup(format.key, candidate.source);
      if (known !== undefined && known === sha256(comparable(candidate.previous, format.endOfLineAuto))) {
        results.set(candidate, "fresh");
        return;
      }
    }
    batch.set(candidate.absPath, candidate.source);
  });
  const formatted = await formatter.format(batch);
  candidates.forEach((candidate, index) => {
    const content = formatted.get(candidate.absPath);
    if (content === undefined) return;
    results.set(candidate, content);
    cache?.record(formats[index]!.key, candidate.source, comparable(content, formats[index]!.endOfLineAuto));
  });

  const plan: Plan = { projectRoot, outputDir, writes: [], unchanged: [], deletes: [], scaffolds: [], scaffoldsKept };
  const written: (() => void)[] = [];
  candidates.forEach((candidate, index) => {
    const content = results.get(candidate)!;
    const { endOfLineAuto, key } = formats[index]!;
    const { absPath, path, previous, source } = candidate;
    if (candidate.scaffold) {
      if (content !== "fresh") plan.scaffolds.push({ absPath, path, content, previous: undefined });
    } else if (content === "fresh" || (previous !== undefined && comparable(previous, endOfLineAuto) === comparable(content, endOfLineAuto))) {
      plan.unchanged.push(path);
      if (formatter.enabled && previous !== undefined) memo?.remember(absPath, source, key, previous);
    } else {
      plan.writes.push({ absPath, path, content, previous });
      if (formatter.enabled && memo) written.push(() => memo.remember(absPath, source, key, content));
    }
  });
  if (written.length > 0) plan.written = () => written.forEach((remember) => remember());

  for (const [rel, previous] of disk.files) {
    if (generated.has(rel)) continue;
    const absPath = join(outputDir, rel);
    plan.deletes.push({ absPath, path: display(absPath), previous });
  }
  for (const rel of disk.leftovers) {
    const absPath = join(outputDir, rel);
    plan.deletes.push({ absPath, path: display(absPath), previous: undefined });
  }

  const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  plan.writes.sort(byPath);
  plan.deletes.sort(byPath);
  plan.scaffolds.sort(byPath);
  plan.unchanged.sort();
  plan.scaffoldsKept.sort();
  return plan;
}
