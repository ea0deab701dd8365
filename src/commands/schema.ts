import { InputError } from "../errors.js";
import { assertGuidanceComposes, getProtocol } from "../protocols/registry.js";
import type { Command } from "./command.js";

export const schemaCommand: Command = {
  name: "schema",
  usage: "mcp-conform schema <aorp|aop|smart-v2|acor|guidance> [--guidance] [--strict]",
  options: { guidance: { type: "boolean" }, strict: { type: "boolean" } },
  async run({ io, values, positionals }) {
    const id = positionals[0] ?? (values["protocol"] as string | undefined);
    if (id === undefined) throw new InputError("which protocol? usage: mcp-conform schema <aorp|aop|smart-v2|acor|guidance>");
    const protocol = getProtocol(id);
    if (values["guidance"]) assertGuidanceComposes(protocol, "--guidance");
    // --strict: the guidance pattern's conventions too, as `validate --strict` checks them.
    const schema = protocol.envelopeSchema({ withGuidance: values["guidance"] === true, strict: values["strict"] === true });
    io.stdout(`${JSON.stringify(schema, null, 2)}\n`);
    return 0;
  },
};
