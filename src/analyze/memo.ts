import type { ts } from "../compiler.cjs";

/** One kind of answer a NodeMemo keeps (its name is for debugging only). */
export class MemoKind<T> {
  /**
   * `survives`, when given, tells whether an answer about a node of a file that is affected (it
   * imports a changed file) but unchanged itself still stands while every changed file declares
   * what it did (no type another file can see changed): an answer made of checker answers about
   * the node's own file stands, unless it holds `unchanged`'s false nodes (a changed file's).
   */
  constructor(
    readonly name: string,
    readonly survives?: (value: T, unchanged: (node: ts.Node) => boolean) => boolean,
  ) {}
}

/**
 * Answers worked out from one node of the Program, kept across watch cycles (incremental.ts). An
 * answer may read only the node's own file and what that file imports, transitively, the
 * checker's answers about them included: then it stands while that file is unaffected, unchanged
 * files coming back as the very same nodes in the next Program.
 */
export class NodeMemo {
  private readonly byFile = new Map<string, Map<object, Map<ts.Node, unknown>>>();
  /** How many answers `carry` kept from affected files (by MemoKind.survives). */
  survived = 0;

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

  /**
   * A new memo with the answers that stand in the next Program, where the `affected` files may
   * read differently. `changed`, when given, are the files that changed, every one of them
   * declaring what it did before (MemoKind.survives).
   */
  carry(affected: ReadonlySet<string>, changed?: ReadonlySet<string>): NodeMemo {
    const next = new NodeMemo();
    const unchanged = (node: ts.Node): boolean => !changed?.has(node.getSourceFile().fileName);
    for (const [fileName, kinds] of this.byFile) {
      if (!affected.has(fileName)) {
        next.byFile.set(fileName, new Map([...kinds].map(([kind, answers]) => [kind, new Map(answers)])));
        continue;
      }
      if (!changed || changed.has(fileName)) continue;
      const surviving = new Map<object, Map<ts.Node, unknown>>();
      for (const [kind, answers] of kinds) {
        const survives = (kind as MemoKind<unknown>).survives;
        if (!survives) continue;
        const kept = new Map([...answers].filter(([, value]) => survives(value, unchanged)));
        if (kept.size > 0) surviving.set(kind, kept);
        next.survived += kept.size;
      }
      if (surviving.size > 0) next.byFile.set(fileName, surviving);
    }
    return next;
  }
}
