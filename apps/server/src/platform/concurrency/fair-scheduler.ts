import { setImmediate } from 'node:timers/promises';

export interface FairScheduler {
  /** Runs `work` when its turn comes: at most `concurrency` at once, the next from the least-served key. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

interface Flow {
  /** Milliseconds of work this key has had (from the clock when it joined, see below). */
  used: number;
  waiting: { start: () => void; seq: number }[];
  running: number;
  /** Its work ended since the last choice: it may ask again before the next one and keep its place. */
  ended: boolean;
}

/**
 * Fair queuing by time served: when a slot frees, the key whose work has run the least milliseconds goes
 * next (first come first served within a key, and between keys that have had the same). A key that starts
 * asking joins at the least time of the keys already waiting or running, so time spent idle earns no
 * credit and a newcomer overtakes a busy key once, not for as long as the busy key had run. A key whose
 * work just ended keeps its place when it asks again in the same turn of the event loop (a request's
 * next transaction): the next job is chosen one macrotask later, not the instant a slot frees.
 */
export function createFairScheduler(
  options: { concurrency?: number; now?: () => number } = {},
): FairScheduler & { readonly keys: number } {
  const { concurrency = 1, now = () => performance.now() } = options;
  const flows = new Map<string, Flow>();
  let running = 0;
  let seq = 0;
  /** The least time served among keys with work; it never goes back. */
  let clock = 0;
  let choosing: Promise<void> | undefined;

  const busy = (flow: Flow) => flow.waiting.length > 0 || flow.running > 0 || flow.ended;

  /** Moves the clock to the least time served among keys with work (if any). */
  function tick() {
    let least = Infinity;
    for (const flow of flows.values()) if (busy(flow)) least = Math.min(least, flow.used);
    if (least !== Infinity) clock = Math.max(clock, least);
  }

  function choose() {
    while (running < concurrency) {
      let next: Flow | undefined;
      for (const flow of flows.values()) {
        const first = flow.waiting[0];
        if (!first) continue;
        if (!next || flow.used < next.used || (flow.used === next.used && first.seq < next.waiting[0]!.seq))
          next = flow;
      }
      if (!next) break;
      running += 1;
      next.running += 1;
      next.waiting.shift()!.start();
    }
    tick();
    for (const flow of flows.values()) flow.ended = false;
    // An idle key served no more than the clock would rejoin at the clock: nothing to remember.
    for (const [key, flow] of flows) if (!busy(flow) && flow.used <= clock) flows.delete(key);
  }

  const chooseSoon = () => {
    choosing ??= setImmediate().then(() => {
      choosing = undefined;
      choose();
    });
  };

  return {
    async run(key, work) {
      tick();
      let flow = flows.get(key);
      if (!flow) flows.set(key, (flow = { used: clock, waiting: [], running: 0, ended: false }));
      else if (!busy(flow)) flow.used = Math.max(flow.used, clock);
      const joined = flow;
      await new Promise<void>((start) => {
        joined.waiting.push({ start, seq: (seq += 1) });
        chooseSoon();
      });
      const started = now();
      try {
        return await work();
      } finally {
        joined.used += now() - started;
        joined.running -= 1;
        joined.ended = true;
        running -= 1;
        chooseSoon();
      }
    },
    get keys() {
      return flows.size;
    },
  };
}
