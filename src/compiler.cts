/**
 * ts-morph's compiler (`ts`) and `Project`, loaded with `require`. Imported from an ES module,
 * ts-morph and its 9 MB TypeScript go through Node's CommonJS export scan first (about 55 ms of
 * every analysing command); a CommonJS module that requires them skips it, and Node scans only
 * this file's two exports.
 */
import { Project, ts } from "ts-morph";
export { Project, ts };
