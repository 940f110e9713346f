import { describe, expect, it } from 'vitest';
import { chartLayout } from './direction';

describe('chart layout by reading direction', () => {
  it('draws English time left (oldest) to right (newest), the value axis on the left', () => {
    const l = chartLayout('en');
    expect(l).toMatchObject({ dir: 'ltr', reversedTime: false, valueAxis: 'left', categoryAxis: 'left', tooltipTowardsLeft: false });
    expect(l.timeMargin).toMatchObject({ left: 0, right: 8 });
    expect(l.barEndRadius).toEqual([0, 4, 4, 0]);
  });

  it('draws Arabic time right (oldest, the start side) to left (newest), the axes and bar ends mirrored', () => {
    const l = chartLayout('ar');
    expect(l).toMatchObject({ dir: 'rtl', reversedTime: true, valueAxis: 'right', categoryAxis: 'right', tooltipTowardsLeft: true });
    expect(l.timeMargin).toMatchObject({ left: 8, right: 0 });
    expect(l.categoryMargin).toMatchObject({ left: 12, right: 0 });
    expect(l.barEndRadius).toEqual([4, 0, 0, 4]);
  });
});
