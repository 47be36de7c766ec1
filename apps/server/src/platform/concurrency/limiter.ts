export interface Limiter {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** At most `max` calls at once; the others wait their turn, first come first served. */
export function createLimiter(max: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, or is freed.
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
