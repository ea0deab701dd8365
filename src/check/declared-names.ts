/**
 * The names the project's files declare, to tell which calls cannot reach a function of the
 * project or of its generated output without asking the checker. `rows.filter(...)`,
 * `Math.round(...)`, `JSON.stringify(...)`: asking what such a callee is makes the checker type its
 * receiver (`rows`, and all it was computed from), work `check` never needs: on TypeScript 6 at
 * 1,000 tools, most of the time it spent following a handler's calls to the throws of its helpers.
 *
 * Why a name missing here cannot be such a function: the checker resolves a callee `f` or `o.f`
 * to a symbol whose declarations are named `f` (a function, method, property, variable,
 * parameter, binding, import or export specifier), except where the name is computed, which a
 * string literal spells (`{ ["f"]: run }`, `const key = "f"`). So the set holds every declared name
 * and the text of every string literal of the user's files, and what the generated files may declare
 * (read from their text: on TypeScript 7 their syntax trees are not fetched); a callee whose name is
 * in none of them is declared only in a lib or a package.
 */
import type { ts } from "../compiler.cjs";
import { lexShapeTokens, type Token } from "../write/shape-lexer.js";
import { calleeName } from "../analyze/syntax.js";
import { isPropertyAccessExpression } from "../analyze/engine/ast.js";
import { fileNodes } from "../analyze/file-nodes.js";

/** A word not read off something else: not after a lone `.` (`x.filter`, `o?.map`), but after a spread's `...`. */
const WORD_NOT_READ_OFF = /(?<![\w$])(?<!(?:^|[^.])\.)[A-Za-z_$][\w$]*/g;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The names a generated file may declare, from its tokens (shape-lexer.ts): every identifier not
 * read off something else (`.filter` is not a declaration; a `.ts` file declares nothing through
 * `this.x =`), and every string or plain template that is one word (a computed key). A file the
 * lexer cannot cut (a regular expression, a template with substitutions) gives every word not read
 * off something else, its comments' and strings' words too.
 */
function addGeneratedNames(text: string, names: Set<string>): void {
  const tokens = lexShapeTokens(text);
  if (tokens === undefined) {
    for (const [word] of text.matchAll(WORD_NOT_READ_OFF)) names.add(word);
    return;
  }
  let previous: Token | undefined;
  for (const token of tokens) {
    if (token.kind === "trivia" || token.kind === "comment") continue;
    if (token.kind === "identifier" && previous?.text !== ".") names.add(token.text);
    else if (token.kind === "string" || (token.kind === "fixed" && token.text.startsWith("`"))) {
      const inner = token.text.slice(1, -1);
      if (IDENTIFIER.test(inner)) names.add(inner);
    }
    previous = token;
  }
}

export function declaredNames(files: readonly ts.SourceFile[], generatedTexts: readonly string[]): ReadonlySet<string> {
  const names = new Set<string>(["default"]);
  for (const text of generatedTexts) addGeneratedNames(text, names);
  for (const file of files) {
    const { strings, identifiers } = fileNodes(file);
    for (const literal of strings) names.add(literal.text);
    for (const identifier of identifiers) {
      const parent = identifier.parent as ts.Node & { name?: ts.Node; propertyName?: ts.Node };
      // A property access (`o.f`) names what it reads, it declares nothing.
      const declares = parent.name === identifier ? !isPropertyAccessExpression(identifier.parent) : parent.propertyName === identifier;
      if (declares) names.add(identifier.text);
    }
  }
  return names;
}

/**
 * Whether `call` may reach a function of the project or its output: its callee's name
 * (`calleeName`) is among `declared`. A callee without a name (`(await load())()`) always may, and
 * so does every call when there is no `declared`.
 */
export function mayCallDeclared(call: ts.CallExpression, declared: ReadonlySet<string> | undefined): boolean {
  const name = calleeName(call);
  return declared === undefined || name === undefined || declared.has(name);
}
