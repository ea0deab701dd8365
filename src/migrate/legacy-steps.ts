import { ts } from "../compiler.cjs";
import { compareStrings } from "../compare-strings.js";
import type { Inventory, ToolEntry } from "../analyze/inventory.js";
import type { AnalysisSession } from "../analyze/session.js";
import { unwrapExpression } from "../analyze/syntax.js";
import { NameMatcher } from "../analyze/relations/names.js";
import { buildToolGraph, type ToolGraphNode } from "../graph/model.js";
import type { LegacyStep } from "./formatter-call-parts.js";

/**
 * The next steps a legacy response offered, for the envelope's typed next steps:
 * - the tools its free text (or its error message) names, as the analyser recorded them (the
 *   tool's `mentions` references on the lines of that text), in the order of those lines;
 * - on a success path that names none, the tools the tool graph says its payload feeds (`data`
 *   edges): those the payload can fill every required param of.
 * A step's params are filled from the payload only where they can be read without running anything
 * twice (a variable's property, a literal's field) and their type is the param's primitive type;
 * otherwise a named tool is a bare step, and a data edge gives none.
 */
export class LegacySteps {
  private readonly graph: Map<string, ToolGraphNode>;
  private readonly tools: Map<string, ToolEntry>;
  private matcher: NameMatcher | undefined;

  constructor(
    inventory: Inventory,
    private readonly session: AnalysisSession,
  ) {
    this.graph = new Map(buildToolGraph(inventory.tools).nodes.map((node) => [node.name, node]));
    this.tools = new Map(inventory.tools.map((tool) => [tool.name, tool]));
  }

  /** The steps for one exit: `texts` are the notes or the message, `payload` the success payload. */
  of(tool: ToolEntry, texts: readonly ts.Node[], payload?: ts.Expression): LegacyStep[] {
    const named = this.mentioned(tool, texts);
    if (named.length > 0) return named.map((name) => ({ tool: name, params: (payload && this.params(name, payload)) ?? [] }));
    if (!payload) return [];
    const feeds =
      this.graph
        .get(tool.name)
        ?.feeds.filter((link) => link.kind === "data")
        .map((link) => link.tool) ?? [];
    return feeds.flatMap((name) => {
      const params = this.params(name, payload);
      return params && params.length > 0 ? [{ tool: name, params }] : [];
    });
  }

  /**
   * The steps for notes known only as text (the comments a Guidance Pattern call kept): the tools
   * they name, found the way the analyser finds mentions in strings.
   */
  inTexts(texts: readonly string[], payload: ts.Expression): LegacyStep[] {
    this.matcher ??= new NameMatcher(this.tools.keys());
    const named = [...new Set(texts.flatMap((text) => this.matcher!.find(text)))];
    return named.map((name) => ({ tool: name, params: this.params(name, payload) ?? [] }));
  }

  private mentioned(tool: ToolEntry, texts: readonly ts.Node[]): string[] {
    const found: { tool: string; line: number }[] = [];
    for (const node of texts) {
      const { file } = this.session.where(node);
      const source = node.getSourceFile();
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      for (const reference of tool.references) {
        if (reference.kind === "mentions" && reference.file === file && reference.line >= first && reference.line <= last && this.tools.has(reference.tool)) {
          found.push({ tool: reference.tool, line: reference.line });
        }
      }
    }
    found.sort((a, b) => a.line - b.line || compareStrings(a.tool, b.tool));
    return [...new Set(found.map((entry) => entry.tool))];
  }

  /** Every required param of `target` read from the payload, or null when one cannot be. */
  private params(target: string, payload: ts.Expression): [string, string][] | null {
    const entry = this.tools.get(target);
    if (!entry) return null;
    const required = entry.input.filter((param) => !param.optional);
    if (required.length === 0) return null;
    const params: [string, string][] = [];
    for (const param of required) {
      const value = this.field(payload, param.name, param.type.trim());
      if (value === undefined) return null;
      params.push([param.name, value]);
    }
    return params;
  }

  /** `payload.name` (or a literal's own field), when it is safe to read again and of the param's type. */
  private field(payload: ts.Expression, name: string, paramType: string): string | undefined {
    const { checker } = this.session;
    const primitive =
      paramType === "string"
        ? checker.getStringType()
        : paramType === "number"
          ? checker.getNumberType()
          : paramType === "boolean"
            ? checker.getBooleanType()
            : undefined;
    if (!primitive) return undefined;
    const value = unwrapExpression(payload);
    const fits = (node: ts.Node): boolean => {
      const type = checker.getTypeAtLocation(node);
      return (type.flags & ts.TypeFlags.Any) === 0 && checker.isTypeAssignableTo(type, primitive);
    };
    if (ts.isObjectLiteralExpression(value)) {
      for (const property of value.properties) {
        if (ts.isShorthandPropertyAssignment(property) && property.name.text === name) return fits(property.name) ? name : undefined;
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name) {
          const initializer = unwrapExpression(property.initializer);
          return isReadAgainSafe(initializer) && fits(initializer) ? initializer.getText(initializer.getSourceFile()) : undefined;
        }
      }
      return undefined;
    }
    if (!isReadAgainSafe(value) || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
    const property = checker.getPropertyOfType(checker.getTypeAtLocation(value), name);
    if (!property) return undefined;
    const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, value));
    if (type.flags & ts.TypeFlags.Any || !checker.isTypeAssignableTo(type, primitive)) return undefined;
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    return optional ? undefined : `${value.getText(value.getSourceFile())}.${name}`;
  }
}

/** A variable, `this`, or a chain of property reads of one: reading it again runs nothing. */
function isReadAgainSafe(node: ts.Expression): boolean {
  if (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node)) return true;
  return ts.isPropertyAccessExpression(node) && !node.questionDotToken && isReadAgainSafe(node.expression);
}
