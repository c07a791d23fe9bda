import { describe, expect, it } from 'vitest';
import { chartData } from './chart-data';

describe('a day series for the chart', () => {
  it('draws the previous period behind, the settled days in one series and yesterday → today in another', () => {
    const points = [
      { day: '2026-11-24', value: 4, previous: 2 },
      { day: '2026-11-25', value: 6, previous: 0 },
      { day: '2026-11-26', value: 1, previous: 5 },
    ];
    expect(chartData(points)).toEqual([
      [0, 1, 2],
      [2, 0, 5],
      [4, 6, null],
      [null, 6, 1],
    ]);
  });

  it('keeps a single day as today alone', () => {
    expect(chartData([{ day: '2026-11-26', value: 2 }])).toEqual([[0], [null], [null], [2]]);
  });
});
