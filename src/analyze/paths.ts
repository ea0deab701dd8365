import { sep } from "node:path";

/** Inventory paths always use `/`, whatever the platform, so inventories compare across machines. */
export function toPosixPath(path: string): string {
  return sep === "/" ? path : path.split(sep).join("/");
}
