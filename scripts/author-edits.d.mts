/** Applies fixtures/demo/author-edits.json to the migrated copy of the demo server in `dir`. */
export function applyAuthorEdits(dir: string): void;
