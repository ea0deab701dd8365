#!/usr/bin/env node
// `npm run build` (and `npm pack`, through `prepack`): dist/ from nothing, so no file of an older
// build is ever packed. TypeScript 7 (the `typescript7` dev dependency) compiles src/ into a fresh
// folder beside dist/: 1.9 s against TypeScript 6's 8.3 s on a 2-core machine, and every test run
// and `npm run demo` starts with this build. (`npm run typecheck` and the editor still check the
// sources with TypeScript 6, the `typescript` this package's engine uses.) Handlebars is
// copied in as its own single-file build (compiler and runtime, no dependencies; see
// src/generate/handlebars.ts for why), and only then does it replace dist/: a test or a watcher
// using dist/ meanwhile never sees it half built.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const next = join(root, `dist.building-${process.pid}`);
rmSync(next, { recursive: true, force: true });

const tsc = spawnSync(
  process.execPath,
  [join(root, "node_modules", "typescript7", "lib", "tsc.js"), "-p", join(root, "tsconfig.build.json"), "--outDir", next],
  { stdio: "inherit" },
);
if (tsc.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  process.exit(tsc.status ?? 1);
}

const require = createRequire(join(root, "package.json"));
const handlebars = require.resolve("handlebars/dist/handlebars.js");
const version = JSON.parse(readFileSync(join(dirname(handlebars), "..", "package.json"), "utf8")).version;
mkdirSync(join(next, "vendor"), { recursive: true });
// The file opens with Handlebars' MIT license, which travels with it.
copyFileSync(handlebars, join(next, "vendor", "handlebars.cjs"));

rmSync(dist, { recursive: true, force: true });
renameSync(next, dist);
console.log(`build: dist/ compiled; dist/vendor/handlebars.cjs is handlebars ${version}`);
