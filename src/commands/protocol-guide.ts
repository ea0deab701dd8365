import { join, relative, sep } from "node:path";
import { packageRoot } from "../package-root.js";

/**
 * Where the protocol guide (docs/protocols.md, shipped with the package) is, as the user can open
 * it from `cwd`: `node_modules/mcp-conform/docs/protocols.md` in a project, absolute when far away.
 */
export function protocolGuidePath(cwd: string): string {
  const path = join(packageRoot, "docs", "protocols.md");
  const fromHere = relative(cwd, path);
  return fromHere.startsWith(`..${sep}..${sep}..`) ? path : fromHere;
}
