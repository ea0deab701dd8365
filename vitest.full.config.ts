import { defineConfig } from "vitest/config";

/** `npm run test:full`: the exhaustive matrices kept out of `npm test` (see vitest.config.ts). */
export default defineConfig({
  test: {
    // The matrices, the property tests (FUZZ_RUNS, set by `npm run test:full`), and the cases of
    // these files that npm test leaves out: the incremental analysis and the watch on the other
    // engine, tool-level reuse on TypeScript 7, tsserver's import() fallback, tsc 6's binary on
    // generated code.
    include: [
      "test/**/*.full.test.ts",
      "test/fuzz/**/*.test.ts",
      "test/analyze/incremental.test.ts",
      "test/analyze/carry-resolutions.test.ts",
      "test/cli/watch-engines.test.ts",
      "test/plugin/tsserver.test.ts",
      "test/generate/compile.test.ts",
    ],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 2,
    isolate: false,
    globalSetup: ["test/setup/build-dist.ts", "test/setup/remove-generated-templates.ts"],
  },
});
