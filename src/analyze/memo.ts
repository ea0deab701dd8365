import type { ts } from "ts-morph";

/** One kind of answer a NodeMemo keeps (its name is for debugging only). */
export class MemoKind<T> {
  declare private readonly value: T;
  constructor(readonly name: string) {}
}

/**
 * Answers worked out from one node of the Program, kept across watch cycles (incremental.ts). An
 * answer may read only the node's own file and what that file imports, transitively, the
 * checker's answers about them included: then it stands while that file is unaffected, unchanged
 * files coming back as the very same nodes in the next Program.
 */
export class NodeMemo {
  private readonly byFile = new Map<string, Map<MemoKind<unknown>, Map<ts.Node, unknown>>>();

  get<T>(kind: MemoKind<T>, node: ts.Node): T | undefined {
    return this.byFile.get(node.getSourceFile().fileName)?.get(kind)?.get(node) as T | undefined;
  }

  has<T>(kind: MemoKind<T>, node: ts.Node): boolean {
    return this.byFile.get(node.getSourceFile().fileName)?.get(kind)?.has(node) ?? false;
  }

  set<T>(kind: MemoKind<T>, node: ts.Node, value: T): T {
    const fileName = node.getSourceFile().fileName;
    let kinds = this.byFile.get(fileName);
    if (!kinds) {
      kinds = new Map();
      this.byFile.set(fileName, kinds);
    }
    let answers = kinds.get(kind);
    if (!answers) {
      answers = new Map();
      kinds.set(kind, answers);
    }
    answers.set(node, value);
    return value;
  }

  /** The answer, worked out by `compute` the first time. */
  remember<T>(kind: MemoKind<T>, node: ts.Node, compute: () => T): T {
    return this.has(kind, node) ? (this.get(kind, node) as T) : this.set(kind, node, compute());
  }

  /** A new memo with the answers that stand in the next Program, where the `affected` files may read differently. */
  carry(affected: ReadonlySet<string>): NodeMemo {
    const next = new NodeMemo();
    for (const [fileName, kinds] of this.byFile) {
      if (affected.has(fileName)) continue;
      next.byFile.set(fileName, new Map([...kinds].map(([kind, answers]) => [kind, new Map(answers)])));
    }
    return next;
  }
}
