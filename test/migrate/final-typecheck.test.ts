import fs, { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMigration } from "../../src/migrate/run.js";
import { cleanScratch } from "../check/helpers.js";
import { commitAll, committedCopy, sources } from "./helpers.js";

afterAll(cleanScratch);

/** A committed file with a directive the output's arrival makes unused: TS2578 once a migration has written it. */
function addFileExpectingNoOutput(dir: string): void {
  writeFileSync(
    join(dir, "src/expects-no-output.ts"),
    '// @ts-expect-error the generated output is not there before the migration\nexport type { ToolName } from "./generated/mcp-conform/tools.js";\n',
  );
  commitAll(dir, "a file that expects no output");
}

/** `migrate --protocol aorp --write --no-format` on `dir`, through the function the command runs. */
function writeAorp(dir: string) {
  return runMigration({
    project: join(dir, "tsconfig.json"),
    cwd: dir,
    config: { protocol: "aorp", guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" },
    write: true,
    force: false,
    format: false,
  });
}

/**
 * `migrate --write` type-checks what it wrote before it keeps it. It writes the output for the
 * tools as they were read before it analyses the rewritten handlers, so one analysis is enough; when
 * that analysis's emit changed no file, its Program read the disk as it now is, and is the one
 * checked: no Program is built again for the check (src/migrate/run.ts). A type error it introduces
 * still puts every file back; an error the project had before does not (the legacy Program, read
 * for it only when the migrated project has errors).
 */
describe("migrate --write's type-check of what it wrote", () => {
  it("reuses the last analysis's Program when its emit changed nothing, and still rolls back on a new error", async () => {
    const dir = committedCopy("styles/sdk-register-tool");
    addFileExpectingNoOutput(dir);
    const before = sources(dir);

    // Each Program built from the disk reads the server's file once (TypeScript reads through node:fs).
    const readFileSync = fs.readFileSync;
    let serverReads = 0;
    fs.readFileSync = ((...args: Parameters<typeof readFileSync>) => {
      if (typeof args[0] === "string" && args[0].endsWith("/src/server.ts")) serverReads++;
      return readFileSync(...args);
    }) as typeof readFileSync;
    let result;
    try {
      result = await writeAorp(dir);
    } finally {
      fs.readFileSync = readFileSync;
    }

    expect(result.rolledBack?.map((error) => `${error.file}:${error.line}: TS${error.code}`)).toEqual(["src/expects-no-output.ts:1: TS2578"]);
    expect(sources(dir)).toEqual(before);
    expect(existsSync(join(dir, "src/generated")), "the output folder it made goes too").toBe(false);
    // Read for the editable Project and by the one analysis of the migrated project, whose emit
    // wrote nothing: two. A first pass that analysed it with the output's imports unresolved read
    // it a third time; a Program built for the type-check would read it again.
    expect(serverReads).toBe(2);
  });

  it("the dry run type-checks the plan in memory and says the error --write would put everything back for, writing nothing", async () => {
    const dir = committedCopy("styles/sdk-register-tool");
    addFileExpectingNoOutput(dir);
    const before = sources(dir);
    const result = await runMigration({
      project: join(dir, "tsconfig.json"),
      cwd: dir,
      config: { protocol: "aorp", guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" },
      write: false,
      force: false,
      format: false,
    });
    expect(result.wouldRollBack?.map((error) => `${error.file}:${error.line}: TS${error.code}`)).toEqual(["src/expects-no-output.ts:1: TS2578"]);
    expect(sources(dir)).toEqual(before);
    expect(existsSync(join(dir, "src/generated"))).toBe(false);
  });

  it("keeps a migration when the only type error is one the project had before", async () => {
    const dir = committedCopy("styles/sdk-register-tool");
    writeFileSync(join(dir, "src/already-wrong.ts"), 'export const count: number = "three";\n');
    commitAll(dir, "a type error of the project's own");

    const result = await writeAorp(dir);

    expect(result.rolledBack).toBeNull();
    expect(result.written.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, "src/generated/mcp-conform/conform.ts"))).toBe(true);
  });
});
