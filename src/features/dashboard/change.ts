import type { Figure } from '../../shared/dashboard/dashboard-input';

export type ChangeDirection = 'up' | 'down' | 'same';

/**
 * How a figure moved against the previous period. `percent` is null when the previous value was 0
 * and there is something now: no percentage of nothing is meaningful.
 */
export function changeOf({ value, previous }: Figure): {
  direction: ChangeDirection;
  percent: number | null;
} {
  if (value === previous) return { direction: 'same', percent: 0 };
  const direction = value > previous ? 'up' : 'down';
  if (previous === 0) return { direction, percent: null };
  return { direction, percent: Math.abs(value - previous) / previous };
}
