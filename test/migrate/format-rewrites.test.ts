import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatRewritten, type TextRange } from "../../src/migrate/format-rewrites.js";
import { createFormatter } from "../../src/write/format.js";
import { repoRoot } from "../helpers/fixtures.js";

mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
const dir = mkdtempSync(join(repoRoot, ".tmp", "format-rewrites-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, ".prettierrc.json"), JSON.stringify({ singleQuote: true, printWidth: 60 }));
const file = join(dir, "server.ts");
const formatter = createFormatter({ enabled: true });

/** `text` with every `«…»` marking a span migrate wrote (the markers removed). */
async function format(marked: string, path = file): Promise<string> {
  const ranges: TextRange[] = [];
  let text = "";
  for (const [index, piece] of marked.split(/[«»]/).entries()) {
    if (index % 2 === 1) ranges.push({ start: text.length, end: text.length + piece.length });
    text += piece;
  }
  return formatRewritten(path, text, ranges, (source, indent) => formatter.formatPiece(path, source, indent));
}

describe("formatRewritten: Prettier over what migrate wrote, and nothing else", () => {
  it("formats a rewritten statement at its line's indentation; a template literal's lines are its value and stay", async () => {
    const out = await format(
      [
        "function f(a) {",
        "    const   kept = 1",
        '    «return formatX(a, legacyParts("x", { key_insight: `first line',
        "  second line ${a}` }));»",
        "}",
        "",
      ].join("\n"),
    );
    expect(out).toBe(
      [
        "function f(a) {",
        "    const   kept = 1",
        "    return formatX(",
        "      a,",
        "      legacyParts('x', {",
        "        key_insight: `first line",
        "  second line ${a}`,",
        "      }),",
        "    );",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("formats a rewritten statement in a .tsx file, JSX and all", async () => {
    const out = await format(
      ["function f(a) {", '  «return formatX(a, legacyParts("x", { summary: <b>{a}</b> }));»', "}", ""].join("\n"),
      join(dir, "view.tsx"),
    );
    expect(out).toBe(["function f(a) {", "  return formatX(", "    a,", "    legacyParts('x', { summary: <b>{a}</b> }),", "  );", "}", ""].join("\n"));
  });

  it("leaves a statement it only partly wrote, re-quoting its literals, and one marked prettier-ignore", async () => {
    const partly = ['server.tool("x", «conform("x", »async () => {', "    return 1", "}«)»)", ""].join("\n");
    expect(await format(partly)).toBe(["server.tool(\"x\", conform('x', async () => {", "    return 1", "}))", ""].join("\n"));
    const ignored = [
      "function f() {",
      "  // prettier-ignore",
      '  «return formatX(legacyParts("x", { key_insight: "a long text that does not fit" }));»',
      "}",
      "",
    ].join("\n");
    expect(await format(ignored)).toBe(ignored.replace(/[«»]/g, ""));
  });

  it("keeps a CRLF file's line endings in what it formats", async () => {
    const out = await format(
      ["function f() {", '  «return formatX(legacyParts("x", { key_insight: "a long text that does not fit" }));»', "}", ""].join("\r\n"),
    );
    expect(out).toBe(
      ["function f() {", "  return formatX(", "    legacyParts('x', {", "      key_insight: 'a long text that does not fit',", "    }),", "  );", "}", ""].join(
        "\r\n",
      ),
    );
  });
});
