import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Tests spawn the real tsc and open real ts-morph projects: generous, not flaky.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
