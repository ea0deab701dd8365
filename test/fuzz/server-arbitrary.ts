import fc from "fast-check";

/**
 * fast-check arbitraries for random but valid MCP server sources across the seven discovery
 * styles: random names in every resolvable form (literal, `as const` constant, enum member,
 * template literal without holes), registrations nested in functions, blocks and conditionals,
 * all six `server.tool` overloads, aliased servers and imports, handlers inline, by reference or
 * imported. The expected inventory (names and styles) is known by construction.
 */

export const STYLES = ["sdk-register-tool", "sdk-tool", "sdk-low-level", "fastmcp", "mcp-framework", "xmcp", "tool-object"] as const;
export type Style = (typeof STYLES)[number];

type NameForm = "literal" | "const" | "enum" | "template" | "object-const";
type HandlerForm = "inline" | "reference" | "imported";
type Wrapping = "top" | "function" | "block" | "if";

export interface ToolSpec {
  style: Style;
  name: string;
  nameForm: NameForm;
  handlerForm: HandlerForm;
  wrapping: Wrapping;
  /** sdk-tool: which of the six overloads. */
  overload: number;
  /** Use `import { McpServer as AliasedServer }` and `const s = server` aliases. */
  aliased: boolean;
  /** sdk-low-level: dispatch with if-chains instead of switch. */
  ifChain: boolean;
}

const word = fc.constantFrom("get", "list", "fetch", "sync", "scan", "plan", "rank", "tally", "merge", "audit", "probe", "trace");
const noun = fc.constantFrom("orders", "users", "alerts", "files", "notes", "quotes", "tasks", "zones", "logs", "peers");

const toolSpec = fc.record({
  style: fc.constantFrom(...STYLES),
  base: fc.tuple(word, noun).map(([w, n]) => `${w}_${n}`),
  nameForm: fc.constantFrom<NameForm>("literal", "const", "enum", "template", "object-const"),
  handlerForm: fc.constantFrom<HandlerForm>("inline", "reference", "imported"),
  wrapping: fc.constantFrom<Wrapping>("top", "function", "block", "if"),
  overload: fc.integer({ min: 0, max: 5 }),
  aliased: fc.boolean(),
  ifChain: fc.boolean(),
});

/** A server of 1–12 tools with unique names. */
export const serverArbitrary = fc.array(toolSpec, { minLength: 1, maxLength: 12 }).map((raw) =>
  raw.map((spec, index): ToolSpec => {
    const { base, ...rest } = spec;
    return { ...rest, name: `${base}_${index}` };
  }),
);

function identifierFor(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

/** How the tool's name is written at the registration, plus any declaration it needs. */
function nameExpression(spec: ToolSpec): { expression: string; declaration: string } {
  const id = identifierFor(spec.name);
  switch (spec.nameForm) {
    case "literal":
      return { expression: JSON.stringify(spec.name), declaration: "" };
    case "const":
      return { expression: `${id}Name`, declaration: `const ${id}Name = ${JSON.stringify(spec.name)} as const;\n` };
    case "enum":
      return { expression: `${id}Names.Tool`, declaration: `enum ${id}Names {\n  Tool = ${JSON.stringify(spec.name)},\n}\n` };
    case "template":
      return { expression: `\`${spec.name}\``, declaration: "" };
    case "object-const":
      return { expression: `${id}Meta.name`, declaration: `const ${id}Meta = { name: ${JSON.stringify(spec.name)} } as const;\n` };
  }
}

function wrap(spec: ToolSpec, statement: string): string {
  const id = identifierFor(spec.name);
  switch (spec.wrapping) {
    case "top":
      return statement;
    case "function":
      return `export function register${id}(): void {\n${statement}\n}\n`;
    case "block":
      return `{\n${statement}\n}\n`;
    case "if":
      return `if (process.env["DISABLE_${id.toUpperCase()}"] === undefined) {\n${statement}\n}\n`;
  }
}

const RESULT = (name: string) => `{ content: [{ type: "text" as const, text: JSON.stringify({ tool: ${JSON.stringify(name)}, ok: true }) }] }`;

/** The project's files: path → source. Handlers imported from another file go to src/handlers.ts. */
export function renderServer(specs: ToolSpec[]): Map<string, string> {
  const files = new Map<string, string>();
  const handlers: string[] = [];
  const sdk: string[] = [];
  const lowLevel = specs.filter((s) => s.style === "sdk-low-level");
  const fast: string[] = [];
  const objects: string[] = [];
  const needsHandlerImport = new Set<string>();

  for (const spec of specs) {
    const id = identifierFor(spec.name);
    const { expression, declaration } = nameExpression(spec);
    const sdkHandler = (file: string): string => {
      if (spec.handlerForm === "inline") return `async () => (${RESULT(spec.name)})`;
      if (spec.handlerForm === "reference") return `handle${id}`;
      needsHandlerImport.add(file);
      handlers.push(`export async function imported${id}() {\n  return ${RESULT(spec.name)};\n}\n`);
      return `imported${id}`;
    };
    const referenceDeclaration = spec.handlerForm === "reference" ? `async function handle${id}() {\n  return ${RESULT(spec.name)};\n}\n` : "";
    const server = spec.aliased ? "aliasedServer" : "server";

    switch (spec.style) {
      case "sdk-register-tool":
        sdk.push(
          declaration +
            referenceDeclaration +
            wrap(
              spec,
              `${server}.registerTool(${expression}, { description: "Tool ${spec.name}", inputSchema: { q: z.string() } }, ${sdkHandler("src/sdk.ts")});`,
            ),
        );
        break;
      case "sdk-tool": {
        const cb = sdkHandler("src/sdk.ts");
        const overloads = [
          `${server}.tool(${expression}, ${cb});`,
          `${server}.tool(${expression}, "Tool ${spec.name}", ${cb});`,
          `${server}.tool(${expression}, { q: z.string() }, ${cb});`,
          `${server}.tool(${expression}, "Tool ${spec.name}", { q: z.string() }, ${cb});`,
          `${server}.tool(${expression}, { q: z.string() }, { readOnlyHint: true }, ${cb});`,
          `${server}.tool(${expression}, "Tool ${spec.name}", { q: z.string() }, { readOnlyHint: true }, ${cb});`,
        ];
        sdk.push(declaration + referenceDeclaration + wrap(spec, overloads[spec.overload] ?? overloads[0]!));
        break;
      }
      case "fastmcp":
        fast.push(
          declaration +
            wrap(
              spec,
              `fast.addTool({\n  name: ${expression},\n  description: "Tool ${spec.name}",\n  parameters: z.object({ q: z.string() }),\n  execute: async (args) => JSON.stringify({ echo: args.q }),\n});`,
            ),
        );
        break;
      case "mcp-framework":
        files.set(
          `src/framework/${id}Tool.ts`,
          `import { MCPTool, type MCPInput } from "mcp-framework";\nimport { z } from "zod";\n${declaration}\nexport default class ${id}Tool extends MCPTool {\n  name = ${expression};\n  description = "Tool ${spec.name}";\n  schema = z.object({ q: z.string().describe("Query") });\n\n  async execute(input: MCPInput<this>) {\n    return { echo: input.q };\n  }\n}\n`,
        );
        break;
      case "xmcp":
        files.set(
          `src/tools/${spec.name}.ts`,
          `import { z } from "zod";\n${declaration}\nexport const schema = { q: z.string() };\n\nexport const metadata = { name: ${expression}, description: "Tool ${spec.name}" };\n\nexport default async function handler({ q }: { q: string }) {\n  return { echo: q };\n}\n`,
        );
        break;
      case "tool-object":
        objects.push(
          `${declaration}const ${id}Definition = defineTool({\n  name: ${expression},\n  description: "Tool ${spec.name}",\n  inputSchema: { q: z.string() },\n  handler: async () => (${RESULT(spec.name)}),\n});\ntoolDefinitions.push(${id}Definition);\n`,
        );
        break;
      case "sdk-low-level":
        break;
    }
  }

  if (sdk.length > 0) {
    files.set(
      "src/sdk.ts",
      [
        `import { McpServer${sdk.some((s) => s.includes("aliasedServer")) ? " as AliasedMcpServer" : ""} } from "@modelcontextprotocol/sdk/server/mcp.js";`,
        `import { z } from "zod";`,
        needsHandlerImport.has("src/sdk.ts") ? `import * as imported from "./handlers.js";` : "",
        sdk.some((s) => s.includes("aliasedServer"))
          ? `export const server = new AliasedMcpServer({ name: "fuzz", version: "1.0.0" });\nconst aliasedServer = server;`
          : `export const server = new McpServer({ name: "fuzz", version: "1.0.0" });`,
        ...sdk.map((s) => (needsHandlerImport.has("src/sdk.ts") ? s.replace(/\bimported([A-Z]\w*)/g, "imported.imported$1") : s)),
        "void z;",
      ].join("\n"),
    );
  }
  if (handlers.length > 0) files.set("src/handlers.ts", handlers.join("\n"));
  if (fast.length > 0)
    files.set(
      "src/fast.ts",
      [
        `import { FastMCP } from "fastmcp";`,
        `import { z } from "zod";`,
        `const fast = new FastMCP({ name: "fuzz", version: "1.0.0" });`,
        ...fast,
        "export { fast };",
      ].join("\n"),
    );
  if (objects.length > 0) {
    files.set(
      "src/objects.ts",
      [
        `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
        `import { z, type ZodRawShape } from "zod";`,
        `interface ToolDefinition { name: string; description: string; inputSchema: ZodRawShape; handler: () => Promise<{ content: { type: "text"; text: string }[] }> }`,
        `function defineTool(definition: ToolDefinition): ToolDefinition {\n  return definition;\n}`,
        `const toolDefinitions: ToolDefinition[] = [];`,
        ...objects,
        `export function mount(server: McpServer): void {\n  for (const definition of toolDefinitions) {\n    server.registerTool(definition.name, { description: definition.description, inputSchema: definition.inputSchema }, definition.handler);\n  }\n}`,
      ].join("\n"),
    );
  }
  if (lowLevel.length > 0) {
    const declarations = lowLevel.map((s) => nameExpression(s).declaration).join("");
    const list = lowLevel
      .map(
        (s) =>
          `    { name: ${nameExpression(s).expression}, description: "Tool ${s.name}", inputSchema: { type: "object" as const, properties: { q: { type: "string" } } } },`,
      )
      .join("\n");
    const useIf = lowLevel[0]?.ifChain ?? false;
    const branches = useIf
      ? lowLevel.map((s, i) => `  ${i === 0 ? "if" : "else if"} (name === ${nameExpression(s).expression}) {\n    return ${RESULT(s.name)};\n  }`).join("\n")
      : `  switch (name) {\n${lowLevel.map((s) => `    case ${nameExpression(s).expression}:\n      return ${RESULT(s.name)};`).join("\n")}\n    default:\n      break;\n  }`;
    files.set(
      "src/low-level.ts",
      [
        `import { Server } from "@modelcontextprotocol/sdk/server/index.js";`,
        `import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";`,
        declarations,
        `export const lowLevel = new Server({ name: "fuzz-low", version: "1.0.0" }, { capabilities: { tools: {} } });`,
        `lowLevel.setRequestHandler(ListToolsRequestSchema, async () => ({\n  tools: [\n${list}\n  ],\n}));`,
        `lowLevel.setRequestHandler(CallToolRequestSchema, async (request) => {\n  const { name } = request.params;\n${branches}\n  throw new Error(\`Unknown tool \${name}\`);\n});`,
      ].join("\n"),
    );
  }
  files.set(
    "tsconfig.json",
    JSON.stringify(
      {
        compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", noEmit: true, skipLibCheck: true },
        include: ["src"],
      },
      null,
      2,
    ),
  );
  files.set("package.json", '{ "type": "module", "private": true }\n');
  return files;
}

/** Random invalid edits: each mutation takes a source and a random position. */
export const mutationArbitrary = fc.array(
  fc.record({
    file: fc.nat(),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    kind: fc.constantFrom("delete", "insert", "duplicate-line", "truncate"),
    text: fc.constantFrom("(", "{", "}", "=>", "registerTool(", '"', "`", "server.tool(", "case ", "class X extends MCPTool {", ",,", "addTool({ name: "),
    length: fc.integer({ min: 1, max: 40 }),
  }),
  { minLength: 1, maxLength: 4 },
);

export function applyMutations(
  files: Map<string, string>,
  mutations: { file: number; at: number; kind: string; text: string; length: number }[],
): Map<string, string> {
  const result = new Map(files);
  const sources = [...result.keys()].filter((path) => path.endsWith(".ts")).sort();
  for (const mutation of mutations) {
    const path = sources[mutation.file % Math.max(1, sources.length)];
    if (path === undefined) continue;
    const source = result.get(path) ?? "";
    const at = Math.floor(mutation.at * source.length);
    let next = source;
    if (mutation.kind === "delete") next = source.slice(0, at) + source.slice(at + mutation.length);
    if (mutation.kind === "insert") next = source.slice(0, at) + mutation.text + source.slice(at);
    if (mutation.kind === "truncate") next = source.slice(0, at);
    if (mutation.kind === "duplicate-line") {
      const lines = source.split("\n");
      const index = Math.floor(mutation.at * lines.length);
      lines.splice(index, 0, lines[index] ?? "");
      next = lines.join("\n");
    }
    result.set(path, next);
  }
  return result;
}
