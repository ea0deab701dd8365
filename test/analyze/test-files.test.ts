import { describe, expect, it } from "vitest";
import { isTestFile } from "../../src/analyze/test-files.js";

describe("isTestFile", () => {
  it("knows test runners' names and folders, on either separator", () => {
    for (const name of [
      "/p/src/a.test.ts",
      "/p/src/a.spec.mts",
      "/p/src/a.test.js",
      "/p/src/b.spec.tsx",
      "/p/src/__tests__/mock.ts",
      "C:\\p\\src\\__mocks__\\fs.ts",
    ]) {
      expect(isTestFile(name), name).toBe(true);
    }
  });

  it("leaves a server's own files alone, names that only look alike included", () => {
    for (const name of [
      "/p/src/server.ts",
      "/p/src/tools/test-runner.ts",
      "/p/src/tools/spec.ts",
      "/p/src/latest.ts",
      "/p/src/tests/tools.ts",
      "/p/src/contest.spec/x.ts",
    ]) {
      expect(isTestFile(name), name).toBe(false);
    }
  });
});
