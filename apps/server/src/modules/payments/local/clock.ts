/**
 * Time and identifiers for the local providers. Under a test clock every answer is a function of the requests made
 * and the time the test set, so a run can be repeated exactly (issue 36 item 2); the demo uses the wall clock.
 */
export type Clock = {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Moves a test clock forward (a wall clock refuses: it cannot be moved). */
  advance(ms: number): void;
  readonly manual: boolean;
};

export function wallClock(): Clock {
  return {
    now: () => Date.now(),
    advance: () => {
      throw new Error('the wall clock cannot be advanced; give the local provider a test clock');
    },
    manual: false,
  };
}

/**
 * The wall clock moved forward by what a browser journey asked (decision 0155): time passes as it does for the
 * demo (webhooks sent as queued, funds falling due on their own), and a journey can still jump days ahead, as a return
 * window closing needs. Only the local provider's test-clock page moves it, and only when the environment allows it.
 */
export function shiftedClock(): Clock & { readonly offsetMs: number } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms: number) => {
      if (!(ms >= 0)) throw new Error('a clock only moves forward');
      offset += ms;
    },
    manual: false,
    get offsetMs() {
      return offset;
    },
  };
}

export function testClock(startMs = Date.UTC(2026, 10, 2, 8, 0, 0)): Clock {
  let t = startMs;
  return {
    now: () => t,
    advance: (ms: number) => {
      if (!(ms >= 0)) throw new Error('a clock only moves forward');
      t += ms;
    },
    manual: true,
  };
}

export const seconds = (ms: number) => Math.floor(ms / 1000);
export const DAY_MS = 86_400_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Identifiers from a seeded sequence (xorshift32): the same seed gives the same ids in the same order. Real
 * providers' ids are opaque; only their prefixes and alphabet are part of the protocol.
 */
export function idSequence(seed = 0x5eed) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
  const chars = (n: number, alphabet = ALPHABET) => {
    let out = '';
    for (let i = 0; i < n; i += 1) out += alphabet[next() % alphabet.length];
    return out;
  };
  return {
    /** `prefix_` + 24 letters and digits, Stripe's shape (pi_3Pq…). */
    id: (prefix: string, length = 24) => `${prefix}_${chars(length)}`,
    /** Lower-case base-32 ids, Checkout.com's shape (pay_…, act_…: 26 characters). */
    base32: (prefix: string, length = 26) => `${prefix}_${chars(length, 'abcdefghijklmnopqrstuvwxyz234567')}`,
    chars,
  };
}
export type IdSequence = ReturnType<typeof idSequence>;

/**
 * Work a provider does later (a payout arriving, a dispute opening, a refund failing): run in time order when the
 * clock has passed it. The local provider runs what is due before answering each request and when a test moves
 * its clock, so nothing depends on real timers.
 */
export function createTimeline(clock: Clock) {
  let seq = 0;
  type Task = { at: number; seq: number; run: () => void };
  // a binary min-heap by (time, order of scheduling): the provider asks for what is due before every request, and a
  // bench's thousands of pending tasks (funds falling due days later) made a scan of them all a tenth of its work
  const heap: Task[] = [];
  const before = (a: Task, b: Task) => a.at < b.at || (a.at === b.at && a.seq < b.seq);
  function push(t: Task) {
    heap.push(t);
    for (let i = heap.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }
  function pop(): Task {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  }
  return {
    at(at: number, run: () => void) {
      push({ at, seq: (seq += 1), run });
    },
    /** Runs every task whose time has come, earliest first (a task may schedule more). */
    runDue() {
      while (heap.length && heap[0]!.at <= clock.now()) pop().run();
    },
    get size() {
      return heap.length;
    },
  };
}
export type Timeline = ReturnType<typeof createTimeline>;
