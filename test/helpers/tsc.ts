import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { packageRoot } from "../../src/package-root.js";
import { typeCheckFiles } from "./typecheck.js";

/**
 * Type-level tests compile real files with the compiler: `expectTypeOf` cannot prove that
 * generated code is *rejected* under the exact options users run. The options mirror what the
 * generator promises its output survives. TypeScript 6 checks in this process
 * (./typecheck.ts, which prints what tsc prints); TypeScript 7 is a native binary with no
 * JavaScript API, so its tsc is spawned.
 */

export interface TscOutcome {
  exitCode: number;
  /** tsc's own output (`file(line,col): error TSxxx: ...`), paths relative to the package root. */
  diagnostics: string;
}

export const strictCompilerOptions = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
} as const;

const tsc7Path = join(packageRoot, "node_modules", "typescript7", "bin", "tsc");

/** The same strict compile under TypeScript 7, which generated code must also pass. */
export function runTsc7(rootFiles: readonly string[], extraOptions: Record<string, unknown> = {}): TscOutcome {
  return runTsc(rootFiles, extraOptions, 7);
}

/**
 * Compile `rootFiles` (absolute, or relative to the package root) with the strict options.
 * `extraOptions` override or extend the strict set (e.g. `{ types: ["node"] }`). For TypeScript 7
 * the tsconfig goes into a fresh temp dir, never beside the fixtures, and is removed afterwards.
 */
export function runTsc(rootFiles: readonly string[], extraOptions: Record<string, unknown> = {}, compiler: 6 | 7 = 6): TscOutcome {
  const files = rootFiles.map((file) => resolve(packageRoot, file));
  const compilerOptions = { ...strictCompilerOptions, ...extraOptions };
  if (compiler === 6) {
    const { options, errors } = ts.convertCompilerOptionsFromJson(compilerOptions, packageRoot);
    const { exitCode, output } = typeCheckFiles(files, options, packageRoot, errors);
    return { exitCode, diagnostics: output.trim() };
  }
  const dir = mkdtempSync(join(tmpdir(), "mcp-conform-tsc-"));
  try {
    const tsconfigPath = join(dir, "tsconfig.json");
    writeFileSync(tsconfigPath, JSON.stringify({ compilerOptions, files }, null, 2));
    const run = spawnSync(tsc7Path, ["-p", tsconfigPath, "--pretty", "false"], { cwd: packageRoot, encoding: "utf8" });
    if (run.error) throw run.error;
    return { exitCode: run.status ?? -1, diagnostics: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface MarkedDiagnosticsReport {
  /** Marked lines tsc did not flag with the marked code and message fragment. */
  missing: string[];
  /** Errors tsc reported on lines that carry no marker. */
  unexpected: string[];
}

/**
 * Compare tsc's errors for one fixture with the `// expect-error TSxxxx <message fragment>`
 * markers in it: each marked line must have an error with that code whose message contains the
 * fragment, and no unmarked line may have an error. Both lists empty means the fixture behaves.
 */
export function compareMarkedDiagnostics(fixture: string, outcome: TscOutcome): MarkedDiagnosticsReport {
  const absolute = resolve(packageRoot, fixture);
  const markers = new Map<number, { code: string; fragment: string }>();
  readFileSync(absolute, "utf8")
    .split("\n")
    .forEach((text, index) => {
      const marker = /\/\/ expect-error (TS\d+) (.+)$/.exec(text);
      if (marker?.[1] && marker[2]) markers.set(index + 1, { code: marker[1], fragment: marker[2].trim() });
    });

  const errors: { line: number; code: string; message: string }[] = [];
  for (const text of outcome.diagnostics.split("\n")) {
    const match = /^(.+)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(text);
    if (match?.[1] && match[2] && match[3] && match[4] !== undefined) {
      const file = resolve(packageRoot, match[1]);
      errors.push(file === absolute ? { line: Number(match[2]), code: match[3], message: match[4] } : { line: -1, code: match[3], message: text });
    } else if (/^\s+\S/.test(text) && errors.length > 0) {
      errors[errors.length - 1]!.message += ` ${text.trim()}`;
    }
  }

  const missing = [...markers].flatMap(([line, { code, fragment }]) =>
    errors.some((error) => error.line === line && error.code === code && error.message.includes(fragment))
      ? []
      : [`${fixture}:${line}: expected ${code} containing "${fragment}"`],
  );
  const unexpected = errors
    .filter((error) => !markers.has(error.line))
    .map((error) => (error.line === -1 ? error.message : `${fixture}:${error.line}: ${error.code} ${error.message}`));
  return { missing, unexpected };
}
