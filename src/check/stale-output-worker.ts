/**
 * The worker `stale-output-search.ts` starts: it compares the generated output on disk with what
 * `generate` would write now, while the main thread checks the tools. Imported from the compiled
 * `dist/`. It answers once, with the stale files or with `ok: false`, and the main thread then
 * runs the comparison itself, where an error is reported with its full context.
 */
import { parentPort, workerData } from "node:worker_threads";
import { findStaleOutput } from "./generated-output.js";
import { type StaleOutputRequest, tsconfigReaderOf } from "./stale-output-search.js";

const request = workerData as StaleOutputRequest;
const { projectRoot, tsconfigPath, inventory, config } = request;
tsconfigReaderOf(request)
  .then((readTsconfig) => findStaleOutput(projectRoot, tsconfigPath, inventory, config, readTsconfig))
  .then(
    (stale) => parentPort?.postMessage({ ok: true, stale }),
    () => parentPort?.postMessage({ ok: false }),
  );
