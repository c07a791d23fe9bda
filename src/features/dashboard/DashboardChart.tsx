import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DayValue } from './dashboard-input';

interface Props {
  points: DayValue[];
  /** BCP 47 tag for the day labels. */
  lang: string;
  /** Which theme colour draws the series. */
  tone: 'primary' | 'secondary';
}

const HEIGHT = 240;
/** The attributes on <html> that change the look (ui-settings.ts), so the chart redraws with them. */
const LOOK = ['data-bs-theme', 'data-preset', 'data-font', 'dir'];

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function options(width: number, points: DayValue[], lang: string, tone: Props['tone']): uPlot.Options {
  const rtl = document.documentElement.dir === 'rtl';
  const text = cssVar('--bs-secondary-color') || '#6c757d';
  const grid = cssVar('--bs-border-color') || '#dee2e6';
  const colour = cssVar(`--bs-${tone}`) || '#0d6efd';
  const fill = `rgba(${cssVar(`--bs-${tone}-rgb`) || '13, 110, 253'}, 0.15)`;
  const font = `12px ${cssVar('--bs-body-font-family') || 'sans-serif'}`;
  const dayLabel = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
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
    series: [{}, { stroke: colour, width: 2, fill, points: { show: points.length <= 31 } }],
  };
}

/**
 * A day-by-day line drawn with uPlot (canvas). It is decoration for sighted readers: the page
 * puts the same numbers in a table beside it, so the canvas is hidden from assistive technology.
 */
export default function DashboardChart({ points, lang, tone }: Props) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [points.map((_, index) => index), points.map((point) => point.value)];
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      chart = new uPlot(options(element.clientWidth || 300, points, lang, tone), data, element);
    };
    draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    const look = new MutationObserver(draw);
    look.observe(document.documentElement, { attributes: true, attributeFilter: LOOK });
    return () => {
      resize.disconnect();
      look.disconnect();
      chart?.destroy();
    };
  }, [points, lang, tone]);

  return <div ref={box} className="dashboard-chart" aria-hidden="true" style={{ minHeight: HEIGHT }} />;
}
