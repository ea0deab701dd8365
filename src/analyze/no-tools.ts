import { AnalyzeCodes } from "./diagnostic-codes.js";
import type { EngineProject } from "./engine/engine.js";
import type { Diagnostic } from "./inventory.js";
import { javascriptHint } from "./javascript-hint.js";

/** The forms discovery looks for, as the no-tools warning lists them. */
const STYLES_LOOKED_FOR =
  "server.registerTool(...) / server.tool(...) (SDK McpServer), setRequestHandler(CallToolRequestSchema, ...) (SDK Server), " +
  "addTool({...}) (FastMCP), classes extending MCPTool (mcp-framework), files in xmcp's tools folder, " +
  "tool objects ({ name, inputSchema, handler }) and maps of them";

const MCP_PACKAGES = /^(@modelcontextprotocol\/(sdk|server)|fastmcp|mcp-framework|xmcp)(\/|$)/;

/**
 * The warning for a project in which no tool was found (MCPA007): what was looked for, and the
 * likeliest reason, tried from the most to the least certain. Only computed when nothing was found.
 * Read through the analysis engine (src/analyze/engine/), so either compiler gives it alike.
 */
export function noToolsDiagnostic(project: EngineProject, diagnostics: readonly Diagnostic[]): Diagnostic {
  const files = project.sourceFiles();
  const count = `${files.length} source file${files.length === 1 ? "" : "s"}`;
  return {
    file: null,
    line: null,
    severity: "warning",
    code: AnalyzeCodes.noTools,
    message: `no MCP tools found in ${count}; looked for ${STYLES_LOOKED_FOR}. Likeliest reason: ${likeliestReason(project, diagnostics)}`,
  };
}

function likeliestReason(project: EngineProject, diagnostics: readonly Diagnostic[]): string {
  const files = project.sourceFiles();
  if (files.length === 0) return javascriptHint(project) ?? "the tsconfig's `include`/`files` match no source file";
  const unresolved = diagnostics.filter((d) => d.code === AnalyzeCodes.unresolvedName).length;
  if (unresolved > 0) return `${unresolved} registration${unresolved === 1 ? " was" : "s were"} found, but no tool name could be resolved (MCPA002 above)`;
  const syntax = diagnostics.filter((d) => d.code === AnalyzeCodes.syntaxError).length;
  if (syntax > 0) return `${syntax} file${syntax === 1 ? " has a syntax error" : "s have syntax errors"} and could not be analysed (MCPA001 above)`;
  // The low-level discoverer's MCPA006: a CallTool handler that hands the request on to what it could not follow to a dispatch.
  const delegated = diagnostics.find((d) => d.code === AnalyzeCodes.unresolvedHandler && d.message.startsWith("the CallTool handler"));
  if (delegated) {
    const at = delegated.file !== null ? ` (${delegated.file}${delegated.line !== null ? `:${delegated.line}` : ""})` : "";
    return `the CallTool handler${at} delegates to a function mcp-conform could not follow to a dispatch on the tool name (MCPA006 above); put the \`switch\` on \`request.params.name\` in the handler or in a project function it returns the result of`;
  }
  const { syntax: nodes, checker } = project;
  const specifiers = files.flatMap((file) =>
    file.node.statements.flatMap((statement) =>
      nodes.is(statement, "ImportDeclaration") && nodes.is(statement.moduleSpecifier, "StringLiteral") && MCP_PACKAGES.test(statement.moduleSpecifier.text)
        ? [statement.moduleSpecifier]
        : [],
    ),
  );
  // One batch: with TypeScript 7 each checker call is a round trip to the compiler.
  const symbols = checker.symbolsAt(specifiers);
  const imported = new Set<string>();
  const missing = new Set<string>();
  specifiers.forEach((specifier, index) => {
    const name = specifier.text.startsWith("@") ? specifier.text.split("/").slice(0, 2).join("/") : specifier.text.split("/")[0]!;
    imported.add(name);
    if (!symbols[index]) missing.add(name);
  });
  if (imported.size === 0) {
    // JavaScript the compiler does not see is the likeliest place of the server only when no TypeScript file imports an MCP package.
    const javascript = javascriptHint(project);
    if (javascript) return javascript;
    return "no source file imports an MCP server package (@modelcontextprotocol/sdk, @modelcontextprotocol/server, fastmcp, mcp-framework or xmcp): is this the server's tsconfig? Pass it with --project";
  }
  if (missing.size > 0) return `${[...missing].sort().join(", ")} is imported but cannot be resolved: is node_modules installed (npm ci)?`;
  return `the project imports ${[...imported].sort().join(", ")} but registers its tools in a form mcp-conform does not follow; register them in one of the forms above (see "Discovery" in mcp-conform's README)`;
}
