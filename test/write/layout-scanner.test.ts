import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { significantTokens, type TokenScanner } from "../../src/write/layout-equal.js";
import { LayoutScanner } from "../../src/write/layout-scanner.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** TypeScript 6's own scanner, as layout-equal.ts used it before it had LayoutScanner. */
function typescriptScanner(text: string): TokenScanner {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  return {
    scan: () => scanner.scan(),
    getTokenText: () => scanner.getTokenText(),
    getTokenValue: () => scanner.getTokenValue(),
    isUnterminated: () => scanner.isUnterminated(),
    reScanSlashToken: () => scanner.reScanSlashToken(),
    reScanTemplateToken: () => scanner.reScanTemplateToken(false),
  };
}

/** Every token each scanner reads, with its text, value and whether it ended. */
function allTokens(scanner: TokenScanner): string[] {
  const seen: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    seen.push(`${ts.SyntaxKind[kind]} ${JSON.stringify(scanner.getTokenText())}${scanner.isUnterminated() ? " unterminated" : ""}`);
  }
  return seen;
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?ts$/.test(entry.name) && !entry.parentPath.includes("node_modules"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

describe("LayoutScanner", () => {
  it("reads every TypeScript file of the fixtures, and Prettier's layouts of them, as TypeScript 6's scanner does", async () => {
    const files = typeScriptFiles(join(ROOT, "fixtures"));
    expect(files.length).toBeGreaterThan(300);
    let compared = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const layouts = [text];
      // Prettier's other quotes and commas: what `check` compares the output on disk with.
      if (compared % 5 === 0)
        layouts.push(await prettier.format(text, { filepath: file, singleQuote: true, trailingComma: "none", printWidth: 60 }).catch(() => text));
      for (const layout of layouts) {
        expect(significantTokens(layout, new LayoutScanner(layout)), file).toEqual(significantTokens(layout, typescriptScanner(layout)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(files.length);
  });

  it.each([
    ["strings and their escapes", "const a = 'it\\'s' + \"\\x41\\u0042\\u{43}\\n\\\r\n\" + '\\0';"],
    ["numbers", "const n = [0x1F, 0b101, 0o17, 1_000, .5, 1., 1e-3, 2E+4, 10n, 0xFFn, 1..toString()];"],
    ["punctuation, longest first", "a >>>= b; c ??= d; e?.f; g ? .5 : h; i **= j; k !== l; m => n; ...o; p >= q; r << s;"],
    ["templates, nested", "const t = `a ${b ? `c ${d}` : { e: `f` }} g`;"],
    ["regular expressions", "const r = /[/]a\\/b/gi.test(x) ? a / b : c /= d;"],
    ["private names, keywords and unicode names", "class C { #x = 1; static async *[Symbol.iterator]() {} } const café = 1; let ünï\u00a0= 2;"],
    ["comments and line breaks", "// a\r\n/* b\n c */\u2028x;\r/** d */"],
    ["a shebang", "#!/usr/bin/env node\nrun();"],
    ["unterminated literals", "const a = 'open\nconst b = `open"],
    ["a conflict marker", "a;\n<<<<<<< HEAD\nb;\n=======\nc;\n>>>>>>> x\n"],
  ])("reads %s as TypeScript 6 does", (_what, text) => {
    expect(allTokens(new LayoutScanner(text))).toEqual(allTokens(typescriptScanner(text)));
    expect(significantTokens(text, new LayoutScanner(text))).toEqual(significantTokens(text, typescriptScanner(text)));
  });
});
