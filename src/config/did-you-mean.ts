/** Levenshtein distance: small, and enough to turn `protcol` into "did you mean `protocol`?". */
function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0] ?? 0;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j] ?? 0;
      previous[j] = Math.min(above + 1, (previous[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length] ?? 0;
}

export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  // A prefix is the commonest slip (`smart` for `smart-v2`), whatever its edit distance.
  const prefixed = candidates.find((candidate) => input.length >= 3 && candidate.toLowerCase().startsWith(input.toLowerCase()));
  if (prefixed) return prefixed;
  let best: { candidate: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = distance(input.toLowerCase(), candidate.toLowerCase());
    if (score <= Math.max(2, Math.floor(candidate.length / 3)) && (!best || score < best.score)) best = { candidate, score };
  }
  return best?.candidate;
}
