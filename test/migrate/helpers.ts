import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ts } from "ts-morph";
import { copyFixture } from "../check/helpers.js";
import { expect } from "vitest";
import { connectInMemory, importServer, type InMemoryConnection } from "../helpers/in-memory-client.js";
import type { CheckResult } from "../../src/check/result.js";
import { type CliRun, runCli } from "../helpers/run-cli.js";
import { typeCheckProject } from "../helpers/typecheck.js";

/** A fixture copy that is its own git repository with everything committed, as a user's would be. */
export function committedCopy(fixture: string): string {
  const dir = copyFixture(fixture);
  execFileSync("git", ["init", "-q"], { cwd: dir, stdio: "ignore" });
  commitAll(dir, "legacy");
  return dir;
}

/** Commits everything in `dir`, as a user does between two runs. */
export function commitAll(dir: string, message: string): void {
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd: dir, stdio: "ignore" });
  git("add", "-A");
  git("commit", "-qm", message);
}

/** `committedCopy`, migrated onto `protocol` by `migrate --write --no-format`, which must succeed. */
export async function migratedCopy(fixture: string, protocol: string): Promise<string> {
  return (await migrateCommittedCopy(fixture, protocol)).dir;
}

/** `migratedCopy`, with what the run printed. */
export async function migrateCommittedCopy(fixture: string, protocol: string): Promise<{ dir: string; run: CliRun }> {
  const dir = committedCopy(fixture);
  const run = await runCli(["migrate", "--protocol", protocol, "--write", "--no-format"], { cwd: dir });
  expect(run.exitCode, run.stdout + run.stderr).toBe(0);
  return { dir, run };
}

/** Every file under `dir/src` with its text, by project-relative path. */
export function sources(dir: string): Map<string, string> {
  const files = readdirSync(join(dir, "src"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(dir, path).split("\\").join("/"), readFileSync(path, "utf8")] as const;
    }),
  );
}

/** TypeScript 6 over the project's own tsconfig, as `tsc -p <dir> --noEmit` (in this process: ../helpers/typecheck.ts). */
export function tscProject(dir: string): { exitCode: number; output: string } {
  return typeCheckProject(join(dir, "tsconfig.json"), process.cwd());
}

const printer = ts.createPrinter({ removeComments: true });

function calleeName(call: ts.CallExpression): string {
  const callee = call.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : "";
}

/**
 * `warning("WARN_X", text)` back to `text`, and the `Warning` type back to `string`: the two
 * rewrites migrate makes inside statements it otherwise keeps, undone so the rest can be compared.
 */
function undoWarningRewrites(context: ts.TransformationContext) {
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "warning" && node.arguments.length === 2) {
      return ts.visitNode(node.arguments[1]!, visit) as ts.Expression;
    }
    // `conform("x", handler)` back to `handler`: the wrapper is added, nothing of the user's goes.
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "conform" && node.arguments.length === 2) {
      return ts.visitNode(node.arguments[1]!, visit) as ts.Expression;
    }
    // A handler's expression body is its one exit, which migrate rewrites like any return.
    if (
      ts.isArrowFunction(node) &&
      !ts.isBlock(node.body) &&
      ts.isCallExpression(node.parent) &&
      /^(registerTool|tool|conform)$/.test(calleeName(node.parent))
    ) {
      return context.factory.updateArrowFunction(
        node,
        node.modifiers,
        node.typeParameters,
        node.parameters,
        node.type,
        node.equalsGreaterThanToken,
        context.factory.createIdentifier("EXIT"),
      );
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === "Warning") {
      return context.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword);
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (file: ts.SourceFile) => ts.visitNode(file, visit) as ts.SourceFile;
}

/**
 * The statements of a file that hold logic of their own, printed from the AST (so formatting and
 * comments do not count): statements with no statement inside them, less returns and throws (the
 * exits migrate rewrites) and imports (which it adds to).
 */
export function logicStatements(fileName: string, text: string): string[] {
  const parsed = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const file = ts.transform(parsed, [undoWarningRewrites]).transformed[0]!;
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let hasInner = false;
    const probe = (child: ts.Node): void => {
      if (hasInner) return;
      if (ts.isStatement(child) && !ts.isBlock(child)) hasInner = true;
      else ts.forEachChild(child, probe);
    };
    ts.forEachChild(node, probe);
    if (ts.isStatement(node) && !ts.isBlock(node) && !hasInner && !ts.isReturnStatement(node) && !ts.isThrowStatement(node) && !ts.isImportDeclaration(node)) {
      found.push(printer.printNode(ts.EmitHint.Unspecified, node, file).replace(/\s+/g, " "));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `migrate --write` type-checks what it wrote (and puts everything back on a new error): exit 0 means tsc passes. */
export async function migratedServer(fixture: string, protocol: string, serverFile: string, exportName: string): Promise<InMemoryConnection & { dir: string }> {
  const dir = committedCopy(fixture);
  const run = await runCli(["migrate", "--protocol", protocol, "--write", "--no-format"], { cwd: dir });
  expect(run.exitCode, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toContain("0 skipped");
  expect(run.stdout).toContain("tsc found no new errors");
  return { dir, ...(await connectInMemory(await importServer(join(dir, serverFile), exportName))) };
}

/** `check --format json` on a migrated copy: the report, and every problem's code. */
export async function checkReport(dir: string, protocol: string): Promise<{ result: CheckResult; problems: string[] }> {
  const run = await runCli(["check", "--protocol", protocol, "--format", "json"], { cwd: dir });
  const result = JSON.parse(run.stdout) as CheckResult;
  return { result, problems: result.tools.flatMap((tool) => tool.problems.map((problem) => problem.code)) };
}

/**
 * A throw inside a project function the handler calls (MCPC102, "which its handler calls"). migrate
 * puts the handler's calls that reach one inside a try whose catch returns the error formatter's
 * result; what outlives a migration is a call whose promise the handler does not await (a catch
 * would not see its rejection).
 */
export function isHelperThrow(problem: { code: string; message: string }): boolean {
  return problem.code === "MCPC102" && problem.message.includes("which its handler calls outside any try/catch");
}

/**
 * Every tool conforms by type, and its only problems are the placeholders the kit filled in
 * (MCPC112): no throw is left, in the handlers or in the functions they call.
 */
export async function onlyPlaceholders(dir: string, protocol: string): Promise<boolean> {
  const { result } = await checkReport(dir, protocol);
  const problems = result.tools.flatMap((tool) => tool.problems);
  return (
    problems.some((problem) => problem.code === "MCPC112") &&
    problems.every((problem) => problem.code === "MCPC112") &&
    result.tools.every((tool) => tool.conforms || tool.placeholders.length > 0)
  );
}

/** task-desk with `edits` applied to its files, committed. */
export function editedTaskDesk(edits: Record<string, (source: string) => string>): string {
  const dir = committedCopy("legacy/task-desk");
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, file);
    const before = readFileSync(path, "utf8");
    const after = edit(before);
    expect(after, file).not.toBe(before);
    writeFileSync(path, after);
  }
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "edited"], { cwd: dir });
  return dir;
}
