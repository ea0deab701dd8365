/**
 * TypeScript 7's nodes live in the binary buffer the compiler sends for each file, and a node's
 * string (an identifier's or a literal's text, a file's name) is decoded from that buffer every
 * time it is read: a view, a scan for WTF-8 surrogates, a `TextDecoder` call. The analysis reads
 * the same names again and again (a property's name each time an object literal is searched by
 * key, a callee's name each time a call is classified): on the bench's json-zod server at 1,000
 * tools, 488,000 reads of 131,000 strings, a tenth of `analyze`'s main thread. So the pinned
 * client's `RemoteNode.getString` keeps what it decoded, per file and string index: a file's buffer
 * never changes (a new snapshot sends new files), so a kept string is never stale.
 *
 * What this touches of the pinned 7.0.2 client (engine-ts7-api.test.ts pins it): the
 * `RemoteNode` class of `dist/api/node/node.generated.js`, its `getString(index)`, and the
 * string table offsets of `RemoteSourceFile` its count is read from.
 */

interface RemoteNodeLike {
  readonly sourceFile: RemoteSourceFileLike;
  getString(index: number): string;
}

interface RemoteSourceFileLike {
  readonly _offsetStringTableOffsets: number;
  readonly _offsetStringTable: number;
  [KEPT]?: (string | undefined)[];
}

/** The decoded strings of one file, by index: on the file object, under a key no client code uses. */
const KEPT = Symbol("mcp-conform.decodedStrings");
const PATCHED = Symbol.for("mcp-conform.getStringKept");

type RemoteNodeClass = { prototype: RemoteNodeLike & { [PATCHED]?: true } };

/** Makes `RemoteNode.getString` keep what it decodes. Idempotent; the module is the one the API itself loads. */
export function keepDecodedStrings(remoteNode: RemoteNodeClass): void {
  const prototype = remoteNode.prototype;
  if (prototype[PATCHED]) return;
  const decode = prototype.getString;
  prototype.getString = function getString(this: RemoteNodeLike, index: number): string {
    const file = this.sourceFile;
    // One slot per string of the table (its offsets hold one more entry than it has strings),
    // allocated whole so that the array stays dense.
    const kept = (file[KEPT] ??= new Array<string | undefined>(Math.max(0, (file._offsetStringTable - file._offsetStringTableOffsets) / 4)).fill(undefined));
    return (kept[index] ??= decode.call(this, index));
  };
  prototype[PATCHED] = true;
}
