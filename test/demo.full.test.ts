import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/fixtures.js";

/**
 * `npm run demo` (scripts/demo.mjs) as a newcomer runs it: the legacy demo server through generate,
 * check, migrate --write, the author's edits and check again, then called through the real SDK
 * Client. Its story must hold: check fails before, passes after, and both responses validate.
 */
describe("npm run demo", () => {
  it("migrates the demo server until check passes, then shows a success and an error a real client received", () => {
    const run = spawnSync(process.execPath, [join(repoRoot, "scripts", "demo.mjs")], {
      cwd: repoRoot,
      encoding: "utf8",
      env: { ...process.env, DEMO_TIMES: "" },
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toContain("tools that conform                  0/6 (0%)");
    expect(output).toContain("tsconfig.json: 6 tools migrated, 0 skipped");
    expect(output).toMatch(/still placeholders[\s\S]*tools that conform {18}0\/6[\s\S]*tools that conform {18}6\/6 \(100%\)\n[\s\S]*check passed/);
    expect(output).toContain('get_recipe {"id":"tom-kha-gai"}: a success, isError false');
    expect(output).toContain('get_recipe {"id":"green-curry"}: an error, isError true');
    expect(output.match(/responses\/\d-get_recipe\.json: valid AI-Optimized Response Protocol \(AORP\)/g)).toHaveLength(2);
  });
});
