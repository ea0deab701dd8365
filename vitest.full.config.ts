import { defineConfig } from "vitest/config";

/** `npm run test:full`: the exhaustive matrices kept out of `npm test` (see vitest.config.ts). */
export default defineConfig({
  test: {
    include: ["test/**/*.full.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 2,
    isolate: false,
    globalSetup: ["test/setup/build-dist.ts"],
  },
});
