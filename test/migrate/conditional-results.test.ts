import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Handlers that pick their result with one conditional (fixtures/real-world/conditional-results):
 * each branch is a path of its own. `check` judges each branch at its line, an `isError` branch as
 * an error path; `migrate --write` rewrites each branch where it stands (a success to the formatter,
 * an error to the error formatter) and tsc passes; `check` then finds every branch conforming.
 */
describe("a returned conditional's branches", () => {
  it("are judged one by one, then migrated one by one", async () => {
    const dir = committedCopy("real-world/conditional-results");
    const generated = await runCli(["generate", "--protocol", "aorp", "--no-format"], { cwd: dir });
    expect(generated.exitCode, generated.stderr).toBe(0);

    const before = await runCli(["check", "--protocol", "aorp"], { cwd: dir });
    expect(before.exitCode).toBe(1);
    // get_page's two branches on two lines: a success and an error, each quoted by its own text.
    expect(before.stdout).toMatch(
      /src\/server\.ts:14: MCPC101 tool "get_page" returns `\{ content: \[\{ type: "text", text: JSON\.stringify\(res\.page.*` on a success path/,
    );
    expect(before.stdout).toMatch(/src\/server\.ts:15: MCPC101 tool "get_page" returns `` \{ content: \[\{ type: "text", text: `Error: .*`` on an error path/);
    // search_pages' two helpers on one line: the nth branch of a line is the nth path recorded there.
    expect(before.stdout).toMatch(
      /src\/server\.ts:20: MCPC101 tool "search_pages" returns `\{ content: \{ type: "text"; text: string; \}\[\]; \}` on a success path/,
    );
    expect(before.stdout).toMatch(
      /src\/server\.ts:20: MCPC101 tool "search_pages" returns `\{ content: \{ type: "text"; text: string; \}\[\]; isError: boolean; \}` on an error path/,
    );

    const migrated = await runCli(["migrate", "--protocol", "aorp", "--write", "--no-format"], { cwd: dir });
    expect(migrated.exitCode, migrated.stdout + migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain("5 tools migrated, 0 skipped");
    expect(migrated.stdout).toContain("migrated render_page (src/server.ts:23): 3 return paths, wrapped with conform()");
    const server = readFileSync(join(dir, "src/server.ts"), "utf8");
    expect(server).toContain(
      "  return res.ok\n    ? formatGetPage(res.page, legacyParts(tool))\n    : formatGetPageError(legacyErrorParts(tool, { message: `Error: ${res.error} (HTTP ${res.status})` }));",
    );
    expect(server).toContain(
      'return found.length > 0 ? formatSearchPages(found, legacyParts(tool)) : formatSearchPagesError(legacyErrorParts(tool, { message: `nothing matches "${query}"` }));',
    );
    // The cached branch is a result now, the fresh one a promise of it: each formatted as it settles.
    expect(server).toContain(
      "return cached ? formatRenderPage(cachedRender(cached), legacyParts(tool)) : freshRender(slug, page.body).then((payload) => formatRenderPage(payload, legacyParts(tool)));",
    );
    // A text block with words of its own beside structuredContent is carried, not dropped.
    expect(server).toContain('? formatPageExists({ slug, exists: true }, legacyParts("page_exists", { key_insight: `"${slug}" exists` }))');
    // The helpers the branches called return their payloads now: the branches were their only callers.
    expect(readFileSync(join(dir, "src/results.ts"), "utf8")).toContain("  return { ...rendered, fromCache: true as const };");

    const after = await runCli(["check", "--protocol", "aorp"], { cwd: dir });
    expect(after.stdout).not.toContain("MCPC101");
    expect(after.stdout).toContain("error paths with recovery guidance  0/6 (0%)");
  });
});
