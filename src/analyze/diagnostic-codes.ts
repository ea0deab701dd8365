/**
 * Stable analyser diagnostic codes (MCPA = analyse). The README lists each with what to do.
 * Never renumber: users filter on these.
 */
export const AnalyzeCodes = {
  syntaxError: "MCPA001",
  unresolvedName: "MCPA002",
  duplicateName: "MCPA003",
  unresolvedModule: "MCPA004",
  anyPayload: "MCPA005",
  unresolvedHandler: "MCPA006",
  noTools: "MCPA007",
  lowLevelUnlisted: "MCPA008",
  lowLevelUnhandled: "MCPA009",
  unknownInput: "MCPA010",
  unnameableRecursiveType: "MCPA011",
} as const;
