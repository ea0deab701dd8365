import { defineConfig } from "vitest/config";

/**
 * `npm test`: the suite a contributor runs on every change (under 4 minutes on a 2-core machine).
 * The exhaustive matrices (`*.full.test.ts`: every fixture x protocol x compiler, every style
 * through migrate) run in `npm run test:full` (vitest.full.config.ts), which CI runs as well.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The property tests (test/fuzz/) run in test:full, with 12 runs each.
    exclude: ["test/**/*.full.test.ts", "test/fuzz/**", "**/node_modules/**"],
    // Tests spawn the real tsc and open real ts-morph projects: generous, not flaky.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    globalSetup: ["test/setup/build-dist.ts", "test/setup/remove-generated-templates.ts"],
    // Vitest keeps a core free by default: on the 2-core machines CI runs on, that is one worker.
    // Most tests wait on child processes (tsc, servers), so two workers fill both cores.
    maxWorkers: 2,
    // One module graph per worker, kept across test files: the compiler's lib and package
    // declarations are parsed once per worker (src/analyze/compiler-host.ts), not once per file.
    // Halves the suite (3m48s -> 2m12s measured); no test relies on fresh module state.
    isolate: false,
  },
});
