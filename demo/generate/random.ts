/** mulberry32: a tiny seeded PRNG, so the same seed always yields the same ledger (Math.random never does). */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** An item chosen with probability proportional to its weight. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    pick: (items) => items[int(0, items.length - 1)]!,
    weighted(items, weightOf) {
      const total = items.reduce((sum, item) => sum + weightOf(item), 0);
      let target = next() * total;
      for (const item of items) {
        target -= weightOf(item);
        if (target < 0) return item;
      }
      return items[items.length - 1]!;
    },
    chance: (probability) => next() < probability,
  };
}
