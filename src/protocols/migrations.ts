import { acorMigration } from "./acor/migrate.js";
import { aopMigration } from "./aop/migrate.js";
import { aorpMigration } from "./aorp/migrate.js";
import { guidanceMigration } from "./guidance/migrate.js";
import type { ProtocolId } from "./protocol.js";
import { smartV2Migration } from "./smart-v2/migrate.js";
import type { ProtocolMigration } from "../migrate/formatter-call-parts.js";

/**
 * Each protocol folder's migration mapping (`<id>/migrate.ts`), by id. Kept apart from the
 * registry (registry.ts) because it reads types through the compiler: `validate` and `schema`
 * load the registry and must not load a compiler for it.
 */
export const MIGRATIONS: Readonly<Record<ProtocolId, ProtocolMigration>> = {
  aorp: aorpMigration,
  aop: aopMigration,
  "smart-v2": smartV2Migration,
  acor: acorMigration,
  guidance: guidanceMigration,
};
