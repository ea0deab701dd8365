/**
 * ts-morph and its TypeScript 6, loaded on first use. A run on the TypeScript 7 engine needs
 * neither: the numbers the analysis reads nodes and types by come from
 * analyze/engine/ts6-enums.generated.ts, and loading them costs about 0.2 s of start-up. The
 * TypeScript 6 engine, migrate and the editor plugin load them when they start. `require`, not
 * `import`: Node then skips the CommonJS export scan of the 9 MB compiler (see compiler.cts).
 */
import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

let loaded: typeof TsMorph | undefined;

export function tsMorph(): typeof TsMorph {
  return (loaded ??= createRequire(import.meta.url)("ts-morph") as typeof TsMorph);
}

let compiler: typeof TsMorph.ts | undefined;

/**
 * TypeScript 6's compiler API, as ts-morph bundles it: taken from @ts-morph/common, where ts-morph
 * gets it (the same object), so that an analysis does not also load ts-morph's own 1 MB (40-60 ms).
 */
export function typescript6(): typeof TsMorph.ts {
  return (compiler ??= loaded?.ts ?? (createRequire(import.meta.url)("@ts-morph/common") as { ts: typeof TsMorph.ts }).ts);
}

/** The `lib.*.d.ts` files bundled with that TypeScript (@ts-morph/common loads the compiler too). */
export function typescript6LibFiles(): { fileName: string; text: string }[] {
  return (createRequire(import.meta.url)("@ts-morph/common") as typeof import("@ts-morph/common")).getLibFiles();
}
