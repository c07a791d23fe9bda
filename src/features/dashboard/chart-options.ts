import type uPlot from 'uplot';
import type { DayValue } from '../../shared/dashboard/dashboard-input';

export type ChartTone = 'primary' | 'secondary';
export const CHART_HEIGHT = 240;
/** The dash of today's partial segment; the key under the chart draws the same. */
const PARTIAL_DASH = [6, 4];
/** The previous period's ghost: short dashes in the muted text colour, thinner than the period's line. */
const GHOST_DASH = [2, 3];

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/**
 * uPlot's options in the page's current look (theme colours, font, direction), for the columns of
 * chartData: x, the settled days, today's partial segment (dashed and lighter, its point hollow),
 * and the previous period's ghost, drawn first so the period's line stays on top.
 */
export function chartOptions(
  width: number,
  points: DayValue[],
  lang: string,
  tone: ChartTone,
  plugins: uPlot.Plugin[],
): uPlot.Options {
  const rtl = document.documentElement.dir === 'rtl';
  const text = cssVar('--bs-secondary-color') || '#6c757d';
  const grid = cssVar('--bs-border-color') || '#dee2e6';
  const page = cssVar('--bs-body-bg') || '#fff';
  const colour = cssVar(`--bs-${tone}`) || '#0d6efd';
  const rgb = cssVar(`--bs-${tone}-rgb`) || '13, 110, 253';
  const font = `12px ${cssVar('--bs-body-font-family') || 'sans-serif'}`;
  const dayLabel = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const ghost = cssVar('--bs-secondary-color') || '#6c757d';
  const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const last = points.length - 1;
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    plugins,
    // Time runs the way the page reads: right to left under RTL, the value axis on the start side.
    scales: { x: { time: false, dir: rtl ? -1 : 1 }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      {
        ...axis,
        values: (_u, ticks) =>
          ticks.map((tick) => {
            const point = points[Math.round(tick)];
            return Number.isInteger(tick) && point ? dayLabel.format(new Date(`${point.day}T00:00:00Z`)) : '';
          }),
      },
      {
        ...axis,
        side: rtl ? 1 : 3,
        values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')),
      },
    ],
    series: [
      {},
      { stroke: ghost, width: 1.5, dash: GHOST_DASH, points: { show: false } },
      { stroke: colour, width: 2, fill: `rgba(${rgb}, 0.15)`, points: { show: points.length <= 31 } },
      {
        stroke: colour,
        width: 2,
        dash: PARTIAL_DASH,
        fill: `rgba(${rgb}, 0.07)`,
        // Only today's point, hollow (filled with the page), whatever the range's length.
        points: { show: true, filter: () => [last], fill: page, size: 8, width: 2 },
      },
    ],
  };
}
