import { defineConfig } from "vitest/config";

/**
 * `npm test`: the suite a contributor runs on every change (under 4 minutes on a 2-core machine).
 * The exhaustive matrices (`*.full.test.ts`: every fixture x protocol x compiler, every style
 * through migrate) run in `npm run test:full` (vitest.full.config.ts), which CI runs as well.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/**/*.full.test.ts", "**/node_modules/**"],
    // Tests spawn the real tsc and open real ts-morph projects: generous, not flaky.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
