// The author's part after `migrate --write` on the demo server (fixtures/demo/author-edits.json):
// shared by `npm run demo` and the packed-tarball test, which tell the same story.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const editsFile = fileURLToPath(new URL("../fixtures/demo/author-edits.json", import.meta.url));

/** Applies every edit to the migrated copy of the demo server in `dir`; throws when one does not fit once. */
export function applyAuthorEdits(dir) {
  const { edits } = JSON.parse(readFileSync(editsFile, "utf8"));
  for (const edit of edits) {
    const path = join(dir, edit.file);
    const source = readFileSync(path, "utf8");
    const at = source.indexOf(edit.find);
    if (at < 0 || source.indexOf(edit.find, at + 1) >= 0) {
      throw new Error(`${edit.file} does not hold exactly one ${JSON.stringify(edit.find)}; did migrate's output change?`);
    }
    writeFileSync(path, source.slice(0, at) + edit.replace + source.slice(at + edit.find.length));
  }
}
