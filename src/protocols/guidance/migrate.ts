import { type ProtocolMigration, legacyObject, plainStep } from "../../migrate/formatter-call-parts.js";

/**
 * How migrate moves a legacy response onto the Guidance Pattern's formatters. It has no slot for
 * free text on success (the guidance stub says what comes next); an error's own parts are laid
 * over the stub's errorGuidance, with the words it was said with (`Error: ...`).
 */
export const guidanceMigration: ProtocolMigration = {
  step: plainStep,
  stepKit: [],
  success(exit, { formatter }) {
    const notes = exit.notes.map((note) => ` /* the legacy response also said: ${note.replace(/\*\//g, "* /")} */`).join("");
    return { text: `${formatter}(${exit.payload}${notes})`, kit: [] };
  },
  error(exit, { formatter }) {
    const message = exit.labelled ?? exit.message;
    // The legacy's own available actions, else the tools its words named.
    const parts = exit.guidance ?? {};
    const actions = parts.available_actions ?? (exit.steps.length > 0 ? `[${exit.steps.map((step) => JSON.stringify(step.tool)).join(", ")}]` : undefined);
    const legacy = legacyObject([
      ["current_state", parts.current_state],
      ["next_action", parts.next_action],
      ["available_actions", actions],
      ["warnings", parts.warnings],
      ["blocked_reason", parts.blocked_reason],
      ["context", parts.context],
    ]);
    return { text: legacy === "" ? `${formatter}Error(${message})` : `${formatter}Error(${message}, ${legacy})`, kit: [] };
  },
};
