import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { displayPath } from "../../src/write/plan.js";

describe("displayPath", () => {
  it("gives what path.relative gives, with / separators, for paths under the root and beside it", () => {
    const root = resolve("/work/project");
    const paths = [
      join(root, "src", "generated", "mcp-conform", "tools.ts"),
      join(root, "tools.ts"),
      join(root, "..", "project-other", "tools.ts"),
      join(root, ".."),
      root,
      resolve("/elsewhere/file.ts"),
    ];
    for (const path of paths) {
      const rel = relative(root, path);
      expect(displayPath(root, path)).toBe((rel === "" ? "." : rel).split("\\").join("/"));
    }
    expect(displayPath(resolve("/"), resolve("/a/b.ts"))).toBe("a/b.ts");
  });
});
