import type { ts } from "../compiler.cjs";
import { forEachChild, kindOf } from "./engine/ast.js";
import { SyntaxKind } from "./engine/ts6-enums.generated.js";

/**
 * The nodes of a file that `check`'s project-wide indexes read (declared-names.ts, dispatchers.ts,
 * locate.ts), in document order: gathered while the analysis walks every node of the file anyway,
 * so that `check` does not walk every file again once per index. On the bench's 1,000-tool servers
 * each whole walk cost about 0.1-0.2 s on TypeScript 7 (every node read through the client).
 */
export interface FileNodes {
  readonly calls: readonly ts.CallExpression[];
  /** String literals and plain templates (`"x"`, `` `x` ``). */
  readonly strings: readonly (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral)[];
  readonly identifiers: readonly (ts.Identifier | ts.PrivateIdentifier)[];
}

interface Gathered {
  calls: ts.CallExpression[];
  strings: (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral)[];
  identifiers: (ts.Identifier | ts.PrivateIdentifier)[];
}

// By file object: a file's nodes never change (an edit makes a new file), so what was gathered holds.
const gatheredFiles = new WeakMap<ts.SourceFile, Gathered>();

/** Takes the nodes of one whole walk of `file`, in pre-order: `add` every node, then `done`. */
export class FileNodesGatherer {
  private readonly gathered: Gathered = { calls: [], strings: [], identifiers: [] };

  constructor(private readonly file: ts.SourceFile) {}

  /** `kind`: the node's kind as `kindOf` gives it (the walk has read it already). */
  add(node: ts.Node, kind: ts.SyntaxKind): void {
    switch (kind) {
      case SyntaxKind.CallExpression:
        this.gathered.calls.push(node as ts.CallExpression);
        break;
      case SyntaxKind.StringLiteral:
      case SyntaxKind.NoSubstitutionTemplateLiteral:
        this.gathered.strings.push(node as ts.StringLiteral);
        break;
      case SyntaxKind.Identifier:
      case SyntaxKind.PrivateIdentifier:
        this.gathered.identifiers.push(node as ts.Identifier);
        break;
    }
  }

  /** The walk reached every node: the file's nodes are known. */
  done(): void {
    gatheredFiles.set(this.file, this.gathered);
  }
}

/** The file's nodes: as the analysis gathered them, or from a walk of its own for a file it did not walk. */
export function fileNodes(file: ts.SourceFile): FileNodes {
  let gathered = gatheredFiles.get(file);
  if (!gathered) {
    const gatherer = new FileNodesGatherer(file);
    const visit = (node: ts.Node): void => {
      gatherer.add(node, kindOf(node));
      forEachChild(node, visit);
    };
    forEachChild(file, visit);
    gatherer.done();
    gathered = gatheredFiles.get(file)!;
  }
  return gathered;
}
