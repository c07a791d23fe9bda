import { describe, expect, it } from 'vitest';
import { chartData } from './chart-data';

describe('a day series for the chart', () => {
  it('draws the settled days in one series and yesterday → today in another', () => {
    const points = [
      { day: '2026-11-24', value: 4 },
      { day: '2026-11-25', value: 6 },
      { day: '2026-11-26', value: 1 },
    ];
    expect(chartData(points)).toEqual([
      [0, 1, 2],
      [4, 6, null],
      [null, 6, 1],
    ]);
  });

  it('keeps a single day as today alone', () => {
    expect(chartData([{ day: '2026-11-26', value: 2 }])).toEqual([[0], [null], [2]]);
  });
});
