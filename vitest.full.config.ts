import { defineConfig } from "vitest/config";

/** `npm run test:full`: the exhaustive matrices kept out of `npm test` (see vitest.config.ts). */
export default defineConfig({
  test: {
    // The matrices, the property tests again with more runs (FUZZ_RUNS, set by `npm run test:full`),
    // and the incremental analysis and the watch on both engines.
    include: ["test/**/*.full.test.ts", "test/fuzz/**/*.test.ts", "test/analyze/incremental.test.ts", "test/cli/watch-engines.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 2,
    isolate: false,
    globalSetup: ["test/setup/build-dist.ts"],
  },
});
