import { MIGRATIONS } from "../protocols/migrations.js";
import {
  type CallContext,
  type ErrorExit,
  type FormatterCall,
  type LegacyStep,
  type ProtocolMigration,
  type StepsText,
  type SuccessExit,
  paramsObject,
} from "./formatter-call-parts.js";

/** Each step as the protocol's typed next step (a misspelt tool or param fails to compile), and the kit names it uses. */
function stepsFor(migration: ProtocolMigration, steps: readonly LegacyStep[]): StepsText | undefined {
  if (steps.length === 0) return undefined;
  const each = steps.map((step) => migration.step(JSON.stringify(step.tool), step.params.length > 0 ? paramsObject(step) : undefined));
  return { text: `[${each.join(", ")}]`, kit: [...migration.stepKit] };
}

/**
 * The success call: the payload, and the parts the protocol needs from the kit's legacy builders,
 * given what the legacy response said (its free text, the tools it named); the builders fill the
 * rest with neutral values that `check` counts as placeholders. Each protocol folder says how
 * (`src/protocols/<id>/migrate.ts`).
 */
export function successCall(exit: SuccessExit, context: CallContext): FormatterCall {
  const migration = MIGRATIONS[context.protocol];
  return migration.success(exit, context, stepsFor(migration, exit.steps));
}

/**
 * The error call, from the legacy error's message, what else it said, and the tools it named. AORP,
 * AOP and ACOR errors say they are errors in their own words (status "error", an ERROR block, an
 * Error message), so the words the legacy text said it with are left out of their message;
 * SmartResponse V2 and Guidance Pattern error envelopes hold the message as it was said.
 */
export function errorCall(exit: ErrorExit, context: CallContext): FormatterCall {
  const migration = MIGRATIONS[context.protocol];
  return migration.error(exit, context, stepsFor(migration, exit.steps));
}
