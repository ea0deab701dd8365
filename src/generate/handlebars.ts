import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type HandlebarsApi from "handlebars";
import { packageRoot } from "../package-root.js";

/**
 * Handlebars, as its own single-file build (`handlebars/dist/handlebars.js`: compiler and runtime,
 * no dependencies). The published package carries a copy in `dist/vendor/` (scripts/build.mjs)
 * rather than depending on `handlebars`, whose install adds five packages (uglify-js, source-map,
 * neo-async, minimist, wordwrap; 3.1 MB) that only its command-line precompiler uses. Without a
 * build (tests run from src/), the devDependency's copy of the same file.
 */
const shipped = join(packageRoot, "dist", "vendor", "handlebars.cjs");
const require = createRequire(import.meta.url);

export const Handlebars = require(existsSync(shipped) ? shipped : "handlebars/dist/handlebars.js") as typeof HandlebarsApi;
