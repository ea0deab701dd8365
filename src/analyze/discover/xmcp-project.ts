import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type { ts } from "../../compiler.cjs";
import { ScriptTarget, SyntaxKind } from "../engine/ts6-enums.generated.js";
import { typescript6 } from "../../typescript6.js";
import { toPosixPath } from "../paths.js";
import type { AnalysisSession } from "../session.js";
import { getPropertyValue, literalText, unwrapExpression } from "../syntax.js";
import { forEachChild, isExpression, isObjectLiteralExpression, kindOf } from "../engine/ast.js";
import type { AnalysisProgram } from "../engine/engine.js";

const CONFIG_FILES = ["xmcp.config.ts", "xmcp.config.mts", "xmcp.config.js", "xmcp.config.mjs", "xmcp.config.cjs", "xmcp.config.json"];
/** Where xmcp looks for tools unless its config says otherwise. */
const DEFAULT_TOOLS_DIR = "src/tools";

/**
 * What makes the project an xmcp project, and where its tools live: an `xmcp.config.*` beside the
 * tsconfig, or `xmcp` among package.json's dependencies. `paths.tools` in the config moves the
 * tools folder (a path from the project root) or turns tools off (`false`). Null when the project
 * is not an xmcp project: then files under any `tools/` folder that export `metadata` are taken.
 */
export interface XmcpProject {
  /** The tools folder, relative to the tsconfig's folder with `/` separators; null when tools are off. */
  toolsDir: string | null;
}

const projects = new WeakMap<AnalysisProgram, XmcpProject | null>();

export function xmcpProject(session: AnalysisSession): XmcpProject | null {
  const known = projects.get(session.program);
  if (known !== undefined) return known;
  const found = readProject(session);
  projects.set(session.program, found);
  return found;
}

function readProject(session: AnalysisSession): XmcpProject | null {
  const root = session.rootDir;
  const configFile = CONFIG_FILES.map((name) => join(root, name)).find((path) => existsSync(path));
  if (!configFile && !dependsOnXmcp(root)) return null;
  if (!configFile) return { toolsDir: DEFAULT_TOOLS_DIR };
  const configured = configFile.endsWith(".json") ? toolsFromJson(configFile) : toolsFromSource(configFile, session);
  if (configured === false) return { toolsDir: null };
  return { toolsDir: typeof configured === "string" ? posix.normalize(toPosixPath(configured)).replace(/^\.\//, "").replace(/\/$/, "") : DEFAULT_TOOLS_DIR };
}

function dependsOnXmcp(root: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, unknown>;
    return ["dependencies", "devDependencies"].some(
      (field) => typeof manifest[field] === "object" && manifest[field] !== null && "xmcp" in (manifest[field] as object),
    );
  } catch {
    return false;
  }
}

function toolsFromJson(path: string): string | boolean | undefined {
  try {
    const tools = (JSON.parse(readFileSync(path, "utf8")) as { paths?: { tools?: unknown } }).paths?.tools;
    return typeof tools === "string" || typeof tools === "boolean" ? tools : undefined;
  } catch {
    return undefined;
  }
}

/** `paths: { tools: "..." | boolean }` anywhere in the config module (it is one object, exported one way or another). */
function toolsFromSource(path: string, session: AnalysisSession): string | boolean | undefined {
  const file = session.program.getSourceFile(path) ?? typescript6().createSourceFile(path, readFileSync(path, "utf8"), ScriptTarget.Latest, true);
  let found: string | boolean | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (isObjectLiteralExpression(node)) {
      const paths = getPropertyValue(node, "paths");
      const pathsObject = paths && isExpression(paths) ? unwrapExpression(paths) : undefined;
      const tools = pathsObject && isObjectLiteralExpression(pathsObject) ? getPropertyValue(pathsObject, "tools") : undefined;
      if (tools && isExpression(tools)) {
        const value = unwrapExpression(tools);
        if (kindOf(value) === SyntaxKind.TrueKeyword) found = true;
        else if (kindOf(value) === SyntaxKind.FalseKeyword) found = false;
        else found = literalText(value);
        return;
      }
    }
    forEachChild(node, visit);
  };
  visit(file);
  return found;
}
