/**
 * A fixed clock and a seeded `Math.random`, so the legacy server and its migrated copy answer the
 * same call with the same values (`new Date()` in a payload, `roll_dice`) and the two responses can
 * be compared value by value. Plain JavaScript: stdio servers load it before anything else
 * (`stdio-server.mjs`), and the test process installs it around in-memory sessions.
 */

/** 2025-03-01T00:00:00Z: after every `lastUpdated` in the fixtures, so "N days old" is stable. */
export const FROZEN_NOW = Date.UTC(2025, 2, 1);

/** mulberry32: small, fast, and the same sequence on every run for the same seed. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Install the fixed clock and the seeded random; returns the function that puts the real ones back. */
export function freezeClockAndRandom(seed = 12) {
  const RealDate = globalThis.Date;
  const realRandom = Math.random;
  // A Proxy rather than a subclass: `Date()` called without `new` and `instanceof Date` keep working.
  const FrozenDate = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [FROZEN_NOW] : args, newTarget),
    apply: () => new RealDate(FROZEN_NOW).toString(),
    get: (target, property, receiver) => (property === "now" ? () => FROZEN_NOW : Reflect.get(target, property, receiver)),
  });
  globalThis.Date = FrozenDate;
  Math.random = seeded(seed);
  return () => {
    globalThis.Date = RealDate;
    Math.random = realRandom;
  };
}
