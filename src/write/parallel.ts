/**
 * Runs file operations a bounded number at a time: small files are latency-bound, so one at a
 * time is slow, and all at once can run out of file descriptors (EMFILE) on large outputs.
 */
const CONCURRENCY = 32;

/** Runs `run` over `items`; after a failure starts nothing new, waits for the rest, rethrows the first. */
export async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!;
      try {
        await run(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
}
