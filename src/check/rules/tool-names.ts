import { CheckCodes } from "../codes.js";
import type { Rule } from "./rule.js";

export const unknownTool: Rule = {
  code: CheckCodes.unknownTool,
  title: "names a tool that does not exist",
  find: ({ tool, unknownMentions }) =>
    unknownMentions.map((mention) => ({
      ...mention.where,
      message: `tool "${tool.name}" points the model at "${mention.name}", which is not a tool of this server${mention.nearest ? `; did you mean "${mention.nearest}"?` : ""}`,
    })),
};
