import type uPlot from 'uplot';
import type { DayValue } from '../../shared/dashboard/dashboard-input';

/**
 * A day series as uPlot's columns: x (the day's index), the settled days, and today's partial
 * segment (yesterday → today) as a series of its own, so it can be drawn dashed: the day is not
 * over, and a solid line down to today's small count would read as a collapse. Before them, so
 * drawn behind, the previous period's days at the same offsets: the ghost (null where the answer
 * has none).
 */
export function chartData(points: DayValue[]): uPlot.AlignedData {
  const last = points.length - 1;
  const values = points.map((point) => point.value);
  return [
    points.map((_, index) => index),
    points.map((point) => point.previous ?? null),
    values.map((value, index) => (index < last ? value : null)),
    values.map((value, index) => (index >= last - 1 ? value : null)),
  ];
}
