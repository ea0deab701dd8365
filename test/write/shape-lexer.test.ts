import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { lexShapeTokens, type Token } from "../../src/write/shape-lexer.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** The tokens as TypeScript 6's scanner cuts them (what format-by-shape.ts used before it had its own). */
function typescriptTokens(text: string): Token[] | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const tokens: Token[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const tokenText = scanner.getTokenText();
    switch (kind) {
      case ts.SyntaxKind.NewLineTrivia:
      case ts.SyntaxKind.WhitespaceTrivia:
        tokens.push({ kind: "trivia", text: tokenText });
        break;
      case ts.SyntaxKind.SingleLineCommentTrivia:
      case ts.SyntaxKind.MultiLineCommentTrivia:
        tokens.push({ kind: "comment", text: tokenText });
        break;
      case ts.SyntaxKind.Identifier:
        tokens.push({ kind: "identifier", text: tokenText });
        break;
      case ts.SyntaxKind.StringLiteral:
        tokens.push({ kind: "string", text: tokenText });
        break;
      case ts.SyntaxKind.TemplateHead:
      case ts.SyntaxKind.SlashToken:
      case ts.SyntaxKind.SlashEqualsToken:
      case ts.SyntaxKind.ConflictMarkerTrivia:
      case ts.SyntaxKind.ShebangTrivia:
      case ts.SyntaxKind.Unknown:
        return undefined;
      default:
        tokens.push({ kind: "fixed", text: tokenText });
    }
  }
  return tokens;
}

/** Fixed text is compared verbatim whichever way it is cut: runs of it are joined. */
function joinedFixed(tokens: readonly Token[]): Token[] {
  const joined: Token[] = [];
  for (const token of tokens) {
    const last = joined.at(-1);
    if (token.kind === "fixed" && last?.kind === "fixed") last.text += token.text;
    else joined.push({ ...token });
  }
  return joined;
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?ts$/.test(entry.name) && !entry.parentPath.includes("node_modules"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Cut alike, or cut by TypeScript only (shapeless here, so formatted alone: never wrong). */
function expectAgreement(text: string): "same" | "shapeless" {
  const ours = lexShapeTokens(text);
  const theirs = typescriptTokens(text);
  if (theirs === undefined) {
    expect(ours).toBeUndefined();
    return "shapeless";
  }
  if (ours === undefined) return "shapeless";
  expect(joinedFixed(ours)).toEqual(joinedFixed(theirs));
  return "same";
}

describe("lexShapeTokens", () => {
  it("cuts every TypeScript file of the fixtures (generated output, servers, templates' expected output) as TypeScript 6's scanner does", () => {
    const files = [...typeScriptFiles(join(ROOT, "fixtures")), ...typeScriptFiles(join(ROOT, "src", "templates"))];
    expect(files.length).toBeGreaterThan(300);
    let same = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      if (expectAgreement(text) === "same") same++;
    }
    // Most files hold no `/` and no template: the comparison is not vacuous.
    expect(same).toBeGreaterThan(files.length / 2);
  });

  it("reads contextual keywords as TypeScript does, and names as identifiers", () => {
    const tokens = lexShapeTokens("type A = { readonly of: string; is: unknown; get x(): number; async: boolean; as: never }")!;
    expect(tokens.filter((token) => token.kind === "identifier").map((token) => token.text)).toEqual(["A", "x"]);
    expectAgreement("type A = { readonly of: string; is: unknown; get x(): number; async: boolean; as: never }");
  });

  it.each([
    ["const a = \"x\\\"y\" + 'z\\'' + `plain`;\r\nlet b = 0x1F + 1e-3 + .5 + 1_000n;\n"],
    ["/** doc */\nexport const id = { $ref: a?.b ?? c, [k]: d!, #e: 1 } satisfies T;\n// tail"],
    ["class C { #secret = 1; static { this.#secret++; } }\n"],
    ["const s = 'a\\\r\nb';\n"],
  ])("agrees on %j", (source) => {
    expect(expectAgreement(source)).toBe("same");
  });

  it.each([
    ["a regular expression", "const r = /a+/g;\n"],
    ["a division", "const half = a / 2;\n"],
    ["a template with substitutions", "const t = `a${b}c`;\n"],
    ["a shebang", "#!/usr/bin/env node\nrun();\n"],
    ["a conflict marker", "const a = 1;\n<<<<<<< HEAD\nconst b = 2;\n"],
    ["an unterminated comment", "/* open\nconst a = 1;\n"],
    ["a non-ASCII name", "const café = 1;\n"],
  ])("leaves a file with %s shapeless", (_what, source) => {
    expect(lexShapeTokens(source)).toBeUndefined();
  });
});
