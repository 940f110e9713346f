import { describe, expect, it } from 'vitest';
import { durationsFromReport, readDurations, specFiles, splitIntoLanes } from './e2e-lanes.mjs';

describe('the browser journeys in lanes', () => {
  it('shares files out longest first to the emptiest lane, every file once', () => {
    // a (100) → 1; b (60) → 2; c (50) → 2 (110); d (40) → 1 (140); e (10) → 2 (120)
    const durations = { a: 100, b: 60, c: 50, d: 40, e: 10 };
    const lanes = splitIntoLanes(Object.keys(durations), durations, 2);
    expect(lanes.map((l) => l.files)).toEqual([['a', 'd'], ['b', 'c', 'e']]);
    expect(lanes.map((l) => l.seconds)).toEqual([140, 120]);
    expect(lanes.flatMap((l) => l.files).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('counts a file with no recorded time as the median of the recorded ones', () => {
    const lanes = splitIntoLanes(['new', 'x', 'y', 'z'], { x: 10, y: 30, z: 50 }, 2);
    // new counts 30: z (50) to lane 1, new (30) to lane 2, y (30) to lane 2 (60), x (10) to lane 1 (60)
    expect(lanes).toEqual([{ files: ['x', 'z'], seconds: 60 }, { files: ['new', 'y'], seconds: 60 }]);
    expect(lanes.flatMap((l) => l.files).sort()).toEqual(['new', 'x', 'y', 'z']);
  });

  it('gives one lane everything, drops empty lanes and refuses a lane count that is not a whole number ≥ 1', () => {
    expect(splitIntoLanes(['a', 'b'], {}, 1)).toEqual([{ files: ['a', 'b'], seconds: 2 }]);
    expect(splitIntoLanes(['a'], { a: 5 }, 3)).toEqual([{ files: ['a'], seconds: 5 }]);
    expect(() => splitIntoLanes(['a'], {}, 0)).toThrow(/lanes/);
    expect(() => splitIntoLanes(['a'], {}, 1.5)).toThrow(/lanes/);
  });

  it("reads each spec file's seconds from a Playwright JSON report, every try counted", () => {
    const report = {
      suites: [
        { file: 'a.spec.ts', specs: [{ tests: [{ results: [{ duration: 1500 }, { duration: 2500 }] }] }], suites: [{ specs: [{ tests: [{ results: [{ duration: 1000 }] }] }] }] },
        { file: 'b.spec.ts', specs: [{ tests: [{ results: [{ duration: 400 }] }] }] },
      ],
    };
    expect(durationsFromReport(report)).toEqual({ 'tests/e2e/a.spec.ts': 5, 'tests/e2e/b.spec.ts': 0 });
  });

  it('records times only for spec files that exist (a new journey counts as the median until the next update)', () => {
    const files = specFiles();
    expect(Object.keys(readDurations()).filter((f) => !files.includes(f))).toEqual([]);
  });
});
