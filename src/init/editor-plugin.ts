import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findPackageDir } from "../node-modules.js";

/**
 * What `init` says about editor diagnostics (the `mcp-conform/plugin` language-service plugin),
 * by the TypeScript the project has installed. The plugin runs only in TypeScript 6's tsserver:
 * TypeScript 7's language server runs no plugins. `check` and the compile-time enforcement
 * (`conform`) work with either.
 */
export function editorPluginAdvice(projectRoot: string): string {
  const dir = findPackageDir("typescript", projectRoot);
  const version = dir === undefined ? undefined : (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: string }).version;
  const major = version === undefined ? undefined : Number(version.split(".")[0]);
  if (major !== undefined && major >= 7) {
    return [
      `editor diagnostics: the project has TypeScript ${version}, whose language server runs no plugins, so mcp-conform/plugin cannot show check's problems in the editor (tsc enforcement and \`mcp-conform check\` work with it).`,
      '  For them, install TypeScript 6 beside it, `npm i -D typescript6@npm:typescript@6`, add { "name": "mcp-conform/plugin" } to compilerOptions.plugins in tsconfig.json,',
      '  and point the editor at it (VS Code: "typescript.tsdk": "node_modules/typescript6/lib" in .vscode/settings.json, then "TypeScript: Select TypeScript Version" > "Use Workspace Version").',
    ].join("\n");
  }
  return 'editor diagnostics: add { "name": "mcp-conform/plugin" } to compilerOptions.plugins in tsconfig.json, and use the workspace\'s TypeScript 6 in the editor (VS Code: "TypeScript: Select TypeScript Version" > "Use Workspace Version").';
}
