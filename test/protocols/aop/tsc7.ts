/** Kept for the AOP and ACOR type tests' imports; the runner lives in test/helpers/tsc.ts. */
export { runTsc7 } from "../../helpers/tsc.js";
