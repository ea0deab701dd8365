import type { ProtocolId } from "../../src/protocols/protocol.js";

/**
 * Valid arguments for a generated formatter pair (`format<Tool>(payload, parts)` and
 * `format<Tool>Error(parts)`), per protocol: what a handler that conforms would pass, written once
 * so tests that run generated formatters (in memory, on the wire) do not each invent their own.
 * The payload is the caller's.
 */

const SMART_SECTIONS = {
  summary: {
    title: "Weather",
    what: "The forecast for the city",
    input: {},
    keyFindings: [],
    conclusion: "Mild",
    confidence: { level: "High", score: 0.9, factors: [] },
  },
  data: {
    validation: { validFields: [], missingFields: [], nullFields: [], defaultFields: [] },
    dataQuality: {
      completeness: { percentage: 100, status: "complete", missingCritical: [] },
      accuracy: { score: 0.9, factors: [] },
      freshness: { timestamp: "2026-01-01T00:00:00Z", age: { value: 0, unit: "seconds" }, status: "real-time" },
    },
  },
  metadata: {
    tool: { version: "1.0.0", category: "Utility" },
    execution: { duration: 3, timestamp: "2026-01-01T00:00:00Z", cached: false },
    source: { name: "station", reliability: "high" },
    assumptions: [],
    warnings: [],
  },
  recommendations: { primary: { action: "N/A", confidence: 0.9, priority: "Low", reasoning: "Nothing to do", drivers: [] }, nextSteps: [], risks: [] },
  context: { relatedTools: [], alternativeTools: [], suggestedFollowUp: [], dependencies: { requires: [], provides: [] }, learnMore: [] },
};

/** The arguments after the payload of `format<Tool>(payload, ...)`. */
export function successArguments(protocol: ProtocolId): unknown[] {
  switch (protocol) {
    case "aorp":
      return [
        {
          immediate: { status: "success", key_insight: "Mild and dry", confidence: 0.9 },
          actionable: { next_steps: [], recommendations: { primary: "Nothing to do", secondary: [] }, workflow_guidance: "Report the forecast" },
          quality: { completeness: 1, reliability: 0.9, urgency: "low" },
          details: { summary: "The forecast" },
        },
      ];
    case "smart-v2":
      return [SMART_SECTIONS];
    case "guidance":
      return [];
    case "aop":
      return [{ final: "Mild and dry" }];
    case "acor":
      return [{ summary: "Read the forecast for the city." }];
  }
}

/** The arguments of `format<Tool>Error(...)`; `withGuidance` adds the error text smart-v2 then takes. */
export function errorArguments(protocol: ProtocolId, withGuidance: boolean, message = "upstream down"): unknown[] {
  switch (protocol) {
    case "aorp":
      return [
        {
          immediate: { key_insight: "Could not compute" },
          actionable: { next_steps: [], recommendations: { primary: "Retry later", secondary: [] }, workflow_guidance: "Tell the user and stop" },
          quality: { urgency: "high", indicators: { error_type: "upstream", recoverable: true, retry_suggested: true } },
          details: {
            summary: "Upstream failure",
            data: { error_code: "UPSTREAM", error_message: message, context: null },
            metadata: { error_id: "e-1" },
            debug: null,
          },
        },
      ];
    case "smart-v2": {
      const sections = {
        ...SMART_SECTIONS,
        summary: { ...SMART_SECTIONS.summary, title: "Failed", conclusion: "No result", confidence: { level: "Very Low", score: 0, factors: [] } },
      };
      return withGuidance ? [sections, message] : [sections];
    }
    case "guidance":
      return [message];
    case "aop":
      return [{ message, attributes: { code: "UPSTREAM" } }];
    case "acor":
      return [{ title: "Upstream down", message, recovery: "Retry in a minute" }];
  }
}
