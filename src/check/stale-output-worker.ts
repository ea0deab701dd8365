/**
 * The worker `stale-output-search.ts` starts: it compares the generated output on disk with what
 * `generate` would write now. Imported from the compiled `dist/`. It starts before the analysis
 * and reads what needs no inventory (the last generate's record, the output folder and its
 * files' layout tokens) while the main thread analyses; the inventory comes as its one message.
 * It answers once, with the stale files or with `ok: false`, and the main thread then runs the
 * comparison itself, where an error is reported with its full context.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Inventory } from "../analyze/inventory.js";
import { compareOutput, prepareOutputComparison, readDiskTokensAhead } from "./generated-output.js";
import { type StaleOutputTarget, tsconfigReaderOf } from "./stale-output-search.js";

const target = workerData as StaleOutputTarget;
const prepared = tsconfigReaderOf(target).then((readTsconfig) => prepareOutputComparison(target.projectRoot, target.tsconfigPath, target.config, readTsconfig));
// Until the inventory comes, a failed preparation is only remembered: the answer is sent once.
prepared.catch(() => undefined);
let inventoryCame = false;
// The wait for the inventory is most of this worker's time: the files on disk are read into the
// tokens the comparison compares meanwhile, and the reading stops when the inventory comes.
prepared.then((comparison) => readDiskTokensAhead(comparison, () => inventoryCame)).catch(() => undefined);
parentPort?.once("message", (inventory: Inventory) => {
  inventoryCame = true;
  prepared
    .then((comparison) => compareOutput(comparison, inventory))
    .then(
      (stale) => parentPort?.postMessage({ ok: true, stale }),
      () => parentPort?.postMessage({ ok: false }),
    );
});
