import { describe, expect, it } from 'vitest';
import { createTimeline, testClock } from './clock.js';

describe('the local providers\' timeline', () => {
  it('runs what is due in time order, ties in the order they were scheduled, and leaves the rest for later', () => {
    const clock = testClock(1_000);
    const timeline = createTimeline(clock);
    const ran: string[] = [];
    // scheduled out of order, with ties and far-future tasks among them
    for (const [at, name] of [[5_000, 'e'], [2_000, 'b1'], [9_000, 'late'], [2_000, 'b2'], [1_500, 'a'], [5_000, 'e2'], [3_000, 'c']] as const) {
      timeline.at(at, () => ran.push(name));
    }
    timeline.runDue();
    expect(ran).toEqual([]);
    clock.advance(4_000); // 5,000
    timeline.runDue();
    expect(ran).toEqual(['a', 'b1', 'b2', 'c', 'e', 'e2']);
    expect(timeline.size).toBe(1);
  });

  it('runs a task that a due task schedules when it is due too, and not before its time', () => {
    const clock = testClock(0);
    const timeline = createTimeline(clock);
    const ran: string[] = [];
    timeline.at(10, () => {
      ran.push('first');
      timeline.at(5, () => ran.push('already due'));
      timeline.at(50, () => ran.push('later'));
    });
    clock.advance(20);
    timeline.runDue();
    expect(ran).toEqual(['first', 'already due']);
    clock.advance(30);
    timeline.runDue();
    expect(ran).toEqual(['first', 'already due', 'later']);
    expect(timeline.size).toBe(0);
  });

  it('keeps time order over many tasks', () => {
    const clock = testClock(0);
    const timeline = createTimeline(clock);
    const ran: number[] = [];
    // a fixed shuffle of 2,000 times (a multiplicative step through a prime modulus)
    for (let i = 0; i < 2_000; i++) {
      const at = (i * 7_919) % 2_003;
      timeline.at(at, () => ran.push(at));
    }
    clock.advance(1_000);
    timeline.runDue();
    expect(ran.length).toBeGreaterThan(900);
    expect(ran).toEqual([...ran].sort((a, b) => a - b));
    expect(Math.max(...ran)).toBeLessThanOrEqual(1_000);
    clock.advance(10_000);
    timeline.runDue();
    expect(ran).toHaveLength(2_000);
    expect(ran).toEqual([...ran].sort((a, b) => a - b));
  });
});
