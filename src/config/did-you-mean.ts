/**
 * Edit distance with transpositions (optimal string alignment): `arop` is one slip from `aorp`, not
 * two, so it is not taken for `aop`, which one deletion also reaches.
 */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate `input` most likely meant, or undefined when none is close: within `maxDistance`
 * edits (default: 2, or a third of the candidate's length for long words).
 */
export function didYouMean(input: string, candidates: readonly string[], maxDistance?: number): string | undefined {
  // A prefix is the commonest slip (`smart` for `smart-v2`), whatever its edit distance.
  const prefixed = candidates.find((candidate) => input.length >= 3 && candidate.toLowerCase().startsWith(input.toLowerCase()));
  if (prefixed) return prefixed;
  let best: { candidate: string; score: number; lengthGap: number } | undefined;
  for (const candidate of candidates) {
    const score = distance(input.toLowerCase(), candidate.toLowerCase());
    if (score > (maxDistance ?? Math.max(2, Math.floor(candidate.length / 3)))) continue;
    // Equally close: the one of the same length (a swap or a typo rather than a letter lost).
    const lengthGap = Math.abs(candidate.length - input.length);
    if (!best || score < best.score || (score === best.score && lengthGap < best.lengthGap)) best = { candidate, score, lengthGap };
  }
  return best?.candidate;
}
