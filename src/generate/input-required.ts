import type { ToolEntry } from "../analyze/inventory.js";

/** The styles whose handlers the SDK itself calls, so what they return reaches its `tools/call` as it is. */
const SDK_HANDLER_STYLES: ReadonlySet<ToolEntry["style"]> = new Set(["sdk-register-tool", "sdk-tool", "sdk-low-level", "tool-object"]);

/**
 * The tools whose handler may return SDK 2.x's `InputRequiredResult` (`return inputRequired(...)`):
 * those the SDK 2.x `tools/call` runs (`McpServer`'s, or a low-level `Server`'s handler), which
 * passes it to the client as a request for input. A tool object registered out of the analyser's
 * sight has no major of its own: it takes the one every tool that tells agrees on.
 */
export function inputRequiredTools(tools: readonly ToolEntry[]): Set<string> {
  const majors = new Set(tools.map((tool) => tool.sdkMajor).filter((major) => major !== undefined));
  const projectMajor = majors.size === 1 && majors.has(2) ? 2 : 1;
  return new Set(tools.filter((tool) => SDK_HANDLER_STYLES.has(tool.style) && (tool.sdkMajor ?? projectMajor) === 2).map((tool) => tool.name));
}
