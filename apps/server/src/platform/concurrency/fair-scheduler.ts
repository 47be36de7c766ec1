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
  /** When its last job started (a count of starts; 0: never): between equals, the one served longest ago goes. */
  served: number;
}

/**
 * Fair queuing by time served: when a slot frees, the key whose work has run the least milliseconds goes
 * next (first come first served within a key; between keys that have had the same, the one served
 * longest ago). A key that starts
 * asking joins at the least time of the keys already waiting or running, so time spent idle earns no
 * credit and a newcomer overtakes a busy key once, not for as long as the busy key had run. A key whose
 * work just ended keeps its place when it asks again in the same turn of the event loop (a request's
 * next transaction): the next job is chosen one macrotask later, not the instant a slot frees.
 */
export function createFairScheduler(
  options: {
    concurrency?: number;
    now?: () => number;
    /**
     * Awaited before the next job is chosen when one ends while others wait: work that queued elsewhere
     * meanwhile goes first, and whoever it was for can ask for its turn before the choice.
     */
    settle?: () => Promise<unknown>;
  } = {},
): FairScheduler & { readonly keys: number } {
  const { concurrency = 1, now = () => performance.now(), settle } = options;
  const flows = new Map<string, Flow>();
  let running = 0;
  let seq = 0;
  let starts = 0;
  /** The least time served among keys with work; it never goes back. */
  let clock = 0;
  let choosing: Promise<void> | undefined;
  let settling = false;

  const busy = (flow: Flow) => flow.waiting.length > 0 || flow.running > 0 || flow.ended;

  /** Moves the clock to the least time served among keys with work (if any). */
  function tick() {
    let least = Infinity;
    for (const flow of flows.values()) if (busy(flow)) least = Math.min(least, flow.used);
    if (least !== Infinity) clock = Math.max(clock, least);
  }

  const goesBefore = (a: Flow, b: Flow) =>
    a.used !== b.used
      ? a.used < b.used
      : a.served !== b.served
        ? a.served < b.served
        : a.waiting[0]!.seq < b.waiting[0]!.seq;

  function choose() {
    if (settling) return;
    while (running < concurrency) {
      let next: Flow | undefined;
      for (const flow of flows.values()) if (flow.waiting.length > 0 && (!next || goesBefore(flow, next))) next = flow;
      if (!next) break;
      running += 1;
      next.running += 1;
      next.served = starts += 1;
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
      if (!flow) flows.set(key, (flow = { used: clock, waiting: [], running: 0, ended: false, served: 0 }));
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
        if (settle && !settling && [...flows.values()].some((flow) => flow.waiting.length > 0)) {
          settling = true;
          void settle()
            .catch(() => undefined)
            .then(() => {
              settling = false;
              chooseSoon();
            });
        } else chooseSoon();
      }
    },
    get keys() {
      return flows.size;
    },
  };
}
