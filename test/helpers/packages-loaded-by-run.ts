import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./fixtures.js";

const run = promisify(execFile);

/** Every compiler mcp-conform may load, and Prettier. */
export const COMPILERS_AND_PRETTIER = ["prettier", "ts-morph", "@ts-morph/common", "typescript", "typescript7"];

/**
 * Runs the CLI in a fresh process (the test process has loaded everything already) and tells the
 * packages it loaded (loaded-packages.mjs), and what else it said on stderr. It runs the build, as
 * users do: Vitest's global setup made it from the sources before any test ran
 * (test/setup/build-dist.ts), and the sources through tsx would cost every run a second or more.
 */
export async function runReportingPackages(args: string[], cwd = repoRoot): Promise<{ loaded: string[]; stderr: string }> {
  const script = `import(${JSON.stringify(join(repoRoot, "dist", "cli.js"))}).then(async (cli) => { process.exitCode = await cli.main(${JSON.stringify(args)}); });`;
  const child = await run(process.execPath, ["--import", join(repoRoot, "test", "helpers", "loaded-packages.mjs"), "--input-type=module", "-e", script], {
    cwd,
    encoding: "utf8",
  }).catch((error: { stdout: string; stderr: string }) => error);
  const line = /loaded packages: (.*)$/m.exec(child.stderr)?.[1];
  if (line === undefined) throw new Error(`no report of loaded packages:\n${child.stderr}`);
  return { loaded: JSON.parse(line) as string[], stderr: child.stderr.replace(/^loaded packages: .*$\n?/m, "") };
}
