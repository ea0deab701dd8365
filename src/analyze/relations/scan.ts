import { isGeneratedFile } from "../../write/header.js";
import type { ts } from "../../compiler.cjs";
import { SymbolFlags, SyntaxKind, TYPE_NODE_KINDS } from "../engine/ts6-enums.generated.js";
import type { HarvestedWarning } from "../inventory.js";
import { resolveFunction } from "../resolve/handler.js";
import { type FunctionNode, getPropertyValue, literalText, propertyNameText, unwrapExpression } from "../syntax.js";
import {
  forEachChild,
  isArrayLiteralExpression,
  isBinaryExpression,
  isBindingElement,
  isCallExpression,
  isCaseClause,
  isClassDeclaration,
  isConditionalExpression,
  isConstList,
  isElementAccessExpression,
  isEnumDeclaration,
  isExpression,
  isFunctionDeclaration,
  isIdentifier,
  isImportDeclaration,
  isImportSpecifier,
  isMethodDeclaration,
  isModuleDeclaration,
  isNamedImports,
  isNamespaceImport,
  isNoSubstitutionTemplateLiteral,
  isObjectLiteralExpression,
  isParameter,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isPropertyDeclaration,
  isPropertySignature,
  isQualifiedName,
  isShorthandPropertyAssignment,
  isSourceFile,
  isSpreadElement,
  isStringLiteral,
  isStringLiteralLike,
  isTemplateExpression,
  isTypeReferenceNode,
  isVariableDeclaration,
  isVariableDeclarationList,
  isVariableStatement,
  kindOf,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { declarationsWhere, mayHoldCode, valueDeclarationWhere } from "../engine/declarations-where.js";

/**
 * What one function (or a low-level `case` scope, or a module-level constant) says on its own:
 * the warnings it emits, every piece of string text in it, the project functions it calls and
 * the constants it reads. The nodes come from the analyser's single walk over each file
 * (`record`), facts are made per function on first use and cached, and harvest and references
 * walk them along the call graph, so a helper shared by many tools is read once.
 */

export type WarningSeverity = HarvestedWarning["severity"];

export interface WarningFact {
  id: string | null;
  message: string;
  severity: WarningSeverity;
  category: string | null;
  impact: string | null;
  suggestion: string | null;
  node: ts.Node;
}

/** A piece of string text: a literal, or one literal part of a template. */
export interface TextFact {
  text: string;
  node: ts.Node;
}

export interface CallFact {
  call: ts.CallExpression;
  target: FunctionNode;
}

export interface Facts {
  warnings: WarningFact[];
  texts: TextFact[];
  calls: CallFact[];
  /** Module-level constants it reads whose value is written out (`const EXPLANATIONS = { ... }`): their text is part of what it says. */
  constants: ts.VariableDeclaration[];
}

const WARNING_ID = /^WARN_[A-Z0-9_]+$/;
const SEVERITIES = new Set<string>(["critical", "high", "medium", "low", "info"]);
const WARNINGS_KEY = "warnings";

/** A string as a message: literals as they are, template and concatenation holes as `{}`; undefined when not text. */
export function messageText(node: ts.Node | undefined): string | undefined {
  if (!node || !isExpression(node)) return undefined;
  const expression = unwrapExpression(node);
  if (isStringLiteralLike(expression)) return expression.text;
  if (isTemplateExpression(expression)) {
    return expression.head.text + expression.templateSpans.map((span) => `{}${span.literal.text}`).join("");
  }
  if (isBinaryExpression(expression) && kindOf(expression.operatorToken) === SyntaxKind.PlusToken) {
    const left = messageText(expression.left);
    const right = messageText(expression.right);
    if (left === undefined && right === undefined) return undefined;
    return `${left ?? "{}"}${right ?? "{}"}`;
  }
  return undefined;
}

function severityOf(node: ts.Node | undefined): WarningSeverity {
  const text = literalText(node)?.toLowerCase();
  return text !== undefined && SEVERITIES.has(text) ? (text as WarningSeverity) : null;
}

/** The warning an object literal describes, with its ID when it has one. */
function warningFromObject(object: ts.ObjectLiteralExpression, id: string | null, node: ts.Node): WarningFact | undefined {
  const message = messageText(getPropertyValue(object, "message"));
  if (id === null && message === undefined) return undefined;
  return {
    id,
    message: message ?? id ?? "",
    severity: severityOf(getPropertyValue(object, "severity")),
    category: messageText(getPropertyValue(object, "category")) ?? null,
    impact: messageText(getPropertyValue(object, "impact")) ?? null,
    suggestion: messageText(getPropertyValue(object, "suggestion")) ?? null,
    node,
  };
}

function plain(message: string, node: ts.Node): WarningFact {
  return { id: null, message, severity: null, category: null, impact: null, suggestion: null, node };
}

/** The name a value is stored under: `warnings` in `warnings.push`, `x.warnings = `, `warnings: [...]`. */
function storedName(node: ts.Node): string | undefined {
  if (isIdentifier(node)) return node.text;
  if (isPropertyAccessExpression(node)) return node.name.text;
  if (isElementAccessExpression(node)) return literalText(node.argumentExpression);
  return undefined;
}

const generatedFiles = new WeakMap<ts.SourceFile, boolean>();

/**
 * The user's own code: not declarations, not dependencies, and not mcp-conform's generated output.
 * Relations stop at generated code (and so at the guidance stubs its formatters import): otherwise
 * the inventory of a project would depend on whether it had been generated before, and a first
 * `generate` on a fresh clone would differ from the second.
 */
/** What `isProjectFile` may say yes to, told by the file name alone (on TypeScript 7, before the file is fetched). */
function mayBeProjectFile(fileName: string): boolean {
  return mayHoldCode(fileName) && !/[\\/]node_modules[\\/]/.test(fileName);
}

const IN_NODE_MODULES = /[\\/]node_modules[\\/]/;

function isProjectFile(file: ts.SourceFile): boolean {
  if (file.isDeclarationFile || IN_NODE_MODULES.test(file.fileName)) return false;
  let generated = generatedFiles.get(file);
  if (generated === undefined) {
    generated = isGeneratedFile(file.text.slice(0, 600));
    generatedFiles.set(file, generated);
  }
  return !generated;
}

/** A literal value: text, an object or array literal (through `as const`). */
function isWrittenOut(initializer: ts.Expression): boolean {
  const value = unwrapExpression(initializer);
  return isObjectLiteralExpression(value) || isArrayLiteralExpression(value) || isStringLiteralLike(value) || isTemplateExpression(value);
}

/** An identifier that reads a value (not a declaration's name, a property name, or `x.name`). */
function isValueReference(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  if (isPropertyAccessExpression(parent) && parent.name === identifier) return false;
  if (isQualifiedName(parent)) return false;
  if (
    (isPropertyAssignment(parent) || isPropertyDeclaration(parent) || isMethodDeclaration(parent) || isPropertySignature(parent)) &&
    parent.name === identifier
  )
    return false;
  if (
    isVariableDeclaration(parent) ||
    isParameter(parent) ||
    isBindingElement(parent) ||
    isFunctionDeclaration(parent) ||
    isImportSpecifier(parent) ||
    isTypeReferenceNode(parent)
  ) {
    return isBindingElement(parent) ? parent.initializer === identifier : false;
  }
  return isExpression(identifier) || isShorthandPropertyAssignment(parent);
}

/** Whether a node sits in a type (`"a" | "b"`, `typeof X`) rather than in code that runs. */
function inTypePosition(node: ts.Node, root: ts.Node): boolean {
  for (let current = node.parent; current && current !== root; current = current.parent) {
    const kind = kindOf(current);
    if (
      (TYPE_NODE_KINDS.has(kind) && kind !== SyntaxKind.ExpressionWithTypeArguments) ||
      kind === SyntaxKind.InterfaceDeclaration ||
      kind === SyntaxKind.TypeAliasDeclaration
    ) {
      return true;
    }
  }
  return false;
}

export class FactIndex {
  private readonly cache = new Map<ts.Node, Facts>();
  private readonly constantNamesByFile = new WeakMap<ts.SourceFile, Map<string, ts.Node | null>>();
  private readonly moduleNamesByFile = new WeakMap<ts.SourceFile, Set<string>>();
  private readonly moduleFunctions = new WeakMap<ts.SourceFile, Map<string, FunctionNode | null>>();
  /** Per file, in document order: the nodes a fact may come from. */
  private readonly recorded = new Map<ts.SourceFile, ts.Node[]>();

  constructor(private readonly checker: AnalysisChecker) {}

  /**
   * Offer every node of a file, in document order (pre-order), while the analyser walks it
   * anyway: facts are then read from what was kept here, and no function is walked twice.
   * A file never offered is walked on first use.
   */
  record(node: ts.Node, file: ts.SourceFile): void {
    let kept: boolean;
    switch (kindOf(node)) {
      case SyntaxKind.StringLiteral:
      case SyntaxKind.NoSubstitutionTemplateLiteral:
      case SyntaxKind.TemplateExpression:
      case SyntaxKind.CallExpression:
        kept = true;
        break;
      case SyntaxKind.Identifier:
        kept = this.constantNames(file).has((node as ts.Identifier).text);
        break;
      case SyntaxKind.PropertyAssignment:
        kept = propertyNameText((node as ts.PropertyAssignment).name) === WARNINGS_KEY;
        break;
      case SyntaxKind.VariableDeclaration: {
        const name = (node as ts.VariableDeclaration).name;
        kept = isIdentifier(name) && name.text === WARNINGS_KEY;
        break;
      }
      case SyntaxKind.BinaryExpression: {
        const binary = node as ts.BinaryExpression;
        kept = kindOf(binary.operatorToken) === SyntaxKind.EqualsToken && storedName(unwrapExpression(binary.left)) === WARNINGS_KEY;
        break;
      }
      default:
        kept = false;
    }
    if (!kept) return;
    let nodes = this.recorded.get(file);
    if (!nodes) {
      nodes = [];
      this.recorded.set(file, nodes);
    }
    nodes.push(node);
  }

  factsOf(root: ts.Node): Facts {
    let facts = this.cache.get(root);
    if (!facts) {
      facts = this.scan(root);
      this.cache.set(root, facts);
    }
    return facts;
  }

  private recordedIn(file: ts.SourceFile): ts.Node[] {
    let nodes = this.recorded.get(file);
    if (!nodes) {
      const visit = (node: ts.Node): void => {
        this.record(node, file);
        forEachChild(node, visit);
      };
      this.recorded.set(file, []);
      forEachChild(file, visit);
      nodes = this.recorded.get(file) ?? [];
    }
    return nodes;
  }

  private scan(root: ts.Node): Facts {
    const facts: Facts = { warnings: [], texts: [], calls: [], constants: [] };
    const file = root.getSourceFile();
    const nodes = this.recordedIn(file);
    const constantNames = this.constantNames(file);
    // A `case "x":` label names its own tool, not one it refers to.
    const skipped = isCaseClause(root) ? root.expression : undefined;
    // Pre-order keeps `pos` non-decreasing: the root's nodes are one run of the list.
    let low = 0;
    let high = nodes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((nodes[middle]?.pos ?? 0) < root.pos) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < nodes.length; index++) {
      const node = nodes[index];
      if (!node || node.pos >= root.end) break;
      if (node.end > root.end || (skipped && node.pos >= skipped.pos && node.end <= skipped.end)) continue;
      if (inTypePosition(node, root)) continue;
      if (isIdentifier(node)) {
        if (isValueReference(node)) {
          const constant = this.constantNamed(constantNames, node.text);
          if (constant && constant !== root && !facts.constants.includes(constant)) facts.constants.push(constant);
        }
      } else if (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) {
        facts.texts.push({ text: node.text, node });
        if (WARNING_ID.test(node.text)) this.warningId(node, facts);
      } else if (isTemplateExpression(node)) {
        facts.texts.push({ text: node.head.text, node: node.head });
        for (const span of node.templateSpans) if (span.literal.text) facts.texts.push({ text: span.literal.text, node: span.literal });
      } else if (isCallExpression(node)) {
        this.call(node, facts);
      } else if (isPropertyAssignment(node)) {
        this.warningList(node.initializer, facts);
      } else if (isVariableDeclaration(node) && node.initializer) {
        this.warningList(node.initializer, facts);
      } else if (isBinaryExpression(node)) {
        this.warningList(node.right, facts);
      }
    }
    return facts;
  }

  /**
   * The module-level constants with a written-out value a file can name: its own, and those it
   * imports (each import resolved once per file). Read by name, so a local that shadows one of
   * these names is taken for it: a slip that can only add text, never lose any.
   */
  private constantNames(file: ts.SourceFile): Map<string, ts.Node | null> {
    let names = this.constantNamesByFile.get(file);
    if (names) return names;
    names = new Map();
    for (const statement of file.statements) {
      if (isVariableStatement(statement) && isConstList(statement.declarationList)) {
        for (const declaration of statement.declarationList.declarations) {
          if (isIdentifier(declaration.name) && declaration.initializer && isWrittenOut(declaration.initializer)) names.set(declaration.name.text, declaration);
        }
      }
      if (isImportDeclaration(statement) && statement.importClause && !statement.importClause.isTypeOnly) {
        const { name, namedBindings } = statement.importClause;
        // An import is resolved the first time its name is read (most name functions, not constants).
        if (name) names.set(name.text, name);
        if (namedBindings && isNamedImports(namedBindings))
          for (const element of namedBindings.elements) if (!element.isTypeOnly) names.set(element.name.text, element.name);
      }
    }
    this.constantNamesByFile.set(file, names);
    return names;
  }

  private constantNamed(names: Map<string, ts.Node | null>, name: string): ts.VariableDeclaration | undefined {
    const known = names.get(name);
    if (!known) return undefined;
    if (isVariableDeclaration(known)) return known;
    // An imported name, not resolved yet.
    const constant = isIdentifier(known) ? this.importedConstant(known) : undefined;
    names.set(name, constant ?? null);
    return constant;
  }

  private importedConstant(identifier: ts.Identifier): ts.VariableDeclaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(identifier);
    if (symbol && symbol.flags & SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    // Only a project file's const can be one: a package's declaration files are not fetched to be passed over.
    const declaration = symbol
      ? valueDeclarationWhere(
          symbol,
          this.checker,
          (fileName, kind) => kind === SyntaxKind.VariableDeclaration && mayHoldCode(fileName) && !IN_NODE_MODULES.test(fileName),
        )
      : undefined;
    if (!declaration || !isVariableDeclaration(declaration) || !declaration.initializer || !isWrittenOut(declaration.initializer)) return undefined;
    const list = declaration.parent;
    if (!isVariableDeclarationList(list) || !isConstList(list) || !isVariableStatement(list.parent) || !isSourceFile(list.parent.parent)) return undefined;
    return isProjectFile(declaration.getSourceFile()) ? declaration : undefined;
  }

  /** `'WARN_X'`: a bare ID, or one field of an object that describes the warning. */
  private warningId(literal: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, facts: Facts): void {
    const parent = literal.parent;
    if (isPropertyAssignment(parent) && isObjectLiteralExpression(parent.parent)) {
      if (parent.name === literal) {
        // `{ "WARN_X": "message" }`: a table of IDs to messages.
        facts.warnings.push({ ...plain(messageText(parent.initializer) ?? literal.text, literal), id: literal.text });
        return;
      }
      const described = warningFromObject(parent.parent, literal.text, literal);
      if (described) facts.warnings.push(described);
      return;
    }
    // `warning("WARN_X", "text")`, as migrate writes a plain-string warning: the ID with its message.
    if (isCallExpression(parent) && parent.arguments[0] === literal && parent.arguments[1] !== undefined) {
      const message = messageText(unwrapExpression(parent.arguments[1]));
      if (message !== undefined) {
        facts.warnings.push({ ...plain(message, literal), id: literal.text });
        return;
      }
    }
    facts.warnings.push({ ...plain(literal.text, literal), id: literal.text });
  }

  private call(call: ts.CallExpression, facts: Facts): void {
    const callee = unwrapExpression(call.expression);
    if (
      isPropertyAccessExpression(callee) &&
      (callee.name.text === "push" || callee.name.text === "unshift") &&
      storedName(unwrapExpression(callee.expression)) === WARNINGS_KEY
    ) {
      for (const argument of call.arguments) this.warningValue(argument, facts);
    }
    const target = this.callTarget(callee);
    if (target) facts.calls.push({ call, target });
  }

  /** Elements of an array stored as `warnings` (through `cond ? [...] : [...]`). */
  private warningList(value: ts.Expression, facts: Facts): void {
    const expression = unwrapExpression(value);
    if (isArrayLiteralExpression(expression)) for (const element of expression.elements) this.warningValue(element, facts);
    else if (isConditionalExpression(expression)) {
      this.warningList(expression.whenTrue, facts);
      this.warningList(expression.whenFalse, facts);
    }
  }

  /** One warning value: text, an object with a message, or a const holding either. */
  private warningValue(value: ts.Expression, facts: Facts): void {
    if (isSpreadElement(value)) return;
    const expression = unwrapExpression(value);
    if (isConditionalExpression(expression)) {
      this.warningValue(expression.whenTrue, facts);
      this.warningValue(expression.whenFalse, facts);
      return;
    }
    if (isObjectLiteralExpression(expression)) {
      // An object with a `WARN_` ID is harvested where its ID is written.
      const id = literalText(getPropertyValue(expression, "id"));
      if (id !== undefined && WARNING_ID.test(id)) return;
      const described = warningFromObject(expression, null, expression);
      if (described) facts.warnings.push(described);
      return;
    }
    const text = messageText(expression);
    if (text !== undefined) {
      // A bare `'WARN_X'` is harvested as an ID already.
      if (!WARNING_ID.test(text)) facts.warnings.push(plain(text, expression));
      return;
    }
    // A constant pushed by name (`warnings.push(NO_DIVIDEND)`): its literal type says what it is.
    if (isIdentifier(expression) || isPropertyAccessExpression(expression)) {
      const type = this.checker.getTypeAtLocation(expression);
      if (type.isStringLiteral()) {
        const fact = plain(type.value, expression);
        if (WARNING_ID.test(type.value)) fact.id = type.value;
        facts.warnings.push(fact);
      }
    }
  }

  /**
   * The project function a call runs, when that is cheap to know: a plain name (`helper(x)`), a
   * method of `this`, or a member of a namespace import, class or module-level object literal. A call on
   * any other value (`rows.filter(...)`, `args.city.trim()`) would make the checker type the
   * receiver, and for a handler's parameters that resolves the whole registration call.
   */
  callTarget(callee: ts.Expression): FunctionNode | null {
    if (isIdentifier(callee)) {
      // A module-level name (imported or declared at the top) resolves the same anywhere in the file.
      const file = callee.getSourceFile();
      if (!this.moduleNames(file).has(callee.text)) return this.projectFunction(callee);
      let byName = this.moduleFunctions.get(file);
      if (!byName) {
        byName = new Map();
        this.moduleFunctions.set(file, byName);
      }
      let target = byName.get(callee.text);
      if (target === undefined) {
        target = this.projectFunction(callee);
        byName.set(callee.text, target);
      }
      return target;
    }
    if (!isPropertyAccessExpression(callee)) return null;
    const receiver = unwrapExpression(callee.expression);
    if (kindOf(receiver) === SyntaxKind.ThisKeyword) return this.projectFunction(callee);
    // Only a module-level name can denote a namespace, class or module-level object: locals are not resolved.
    if (!isIdentifier(receiver) || !this.moduleNames(receiver.getSourceFile()).has(receiver.text)) return null;
    let symbol = this.checker.getSymbolAtLocation(receiver);
    if (symbol && symbol.flags & SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    // `Math.round`, `JSON.stringify`, `z.string`: a receiver from lib or a package has no project methods.
    if (!symbol || !declarationsWhere(symbol, this.checker, mayBeProjectFile).some((d) => isProjectFile(d.getSourceFile()))) return null;
    if (symbol.flags & (SymbolFlags.ValueModule | SymbolFlags.Class | SymbolFlags.Enum)) return this.projectFunction(callee);
    const declaration = symbol.valueDeclaration;
    if (declaration && isVariableDeclaration(declaration) && declaration.initializer && isObjectLiteralExpression(unwrapExpression(declaration.initializer))) {
      return this.projectFunction(callee);
    }
    return null;
  }

  /** The names a file declares or imports at its top level. */
  private moduleNames(file: ts.SourceFile): Set<string> {
    let names = this.moduleNamesByFile.get(file);
    if (names) return names;
    names = new Set();
    for (const statement of file.statements) {
      if (isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) if (isIdentifier(declaration.name)) names.add(declaration.name.text);
      } else if (
        (isFunctionDeclaration(statement) || isClassDeclaration(statement) || isEnumDeclaration(statement) || isModuleDeclaration(statement)) &&
        statement.name &&
        isIdentifier(statement.name)
      ) {
        names.add(statement.name.text);
      } else if (isImportDeclaration(statement) && statement.importClause && !statement.importClause.isTypeOnly) {
        const { name, namedBindings } = statement.importClause;
        if (name) names.add(name.text);
        if (namedBindings && isNamespaceImport(namedBindings)) names.add(namedBindings.name.text);
        if (namedBindings && isNamedImports(namedBindings)) for (const element of namedBindings.elements) names.add(element.name.text);
      }
    }
    this.moduleNamesByFile.set(file, names);
    return names;
  }

  private projectFunction(callee: ts.Expression): FunctionNode | null {
    const target = resolveFunction(callee, this.checker, 0, true);
    return target && isProjectFile(target.getSourceFile()) ? target : null;
  }
}
