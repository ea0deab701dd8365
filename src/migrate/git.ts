import { execFileSync } from "node:child_process";

/**
 * The files of `paths` (absolute) that git reports as changed or untracked in the worktree at
 * `root`; null when `root` is not in a git repository (or git is missing).
 */
export function uncommittedFiles(root: string, paths: readonly string[]): string[] | null {
  try {
    execFileSync("git", ["rev-parse", "--is-inside-work-tree"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return null;
  }
  if (paths.length === 0) return [];
  // `-z`: NUL-separated and unquoted, so paths with spaces or non-ASCII characters come back as they are.
  const output = execFileSync("git", ["status", "--porcelain", "-z", "--untracked-files=all", "--", ...paths], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return output
    .split("\0")
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3))
    .sort();
}
