import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartData } from './chart-data';
import { followKeys } from './chart-keys';
import { CHART_HEIGHT, chartOptions, type ChartTone } from './chart-options';
import { tooltipPlugin, type TooltipWords } from './chart-tooltip';
import type { DayValue } from '../../shared/dashboard/dashboard-input';

interface Props {
  points: DayValue[];
  /** BCP 47 tag for the day labels. */
  lang: string;
  /** Which theme colour draws the series. */
  tone: ChartTone;
  /** The tooltip's words, translated on the server. */
  words: TooltipWords;
  /** The chart's title: its name as a keyboard stop. */
  title: string;
}

/** The attributes on <html> that change the look (ui-settings.ts), so the chart redraws with them. */
const LOOK = ['data-bs-theme', 'data-preset', 'data-font', 'dir'];

/**
 * A day-by-day line drawn with uPlot (canvas), today's unfinished day dashed, the previous period
 * behind it as a muted dashed ghost, with a tooltip on
 * hover or keyboard focus. For screen readers it is one named image: the page puts the same
 * numbers in a table beside it.
 */
export default function DashboardChart({ points, lang, tone, words, title }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { label, valueLine, todaySoFar, previous } = words;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data = chartData(points);
    const tooltipWords = { label, valueLine, todaySoFar, previous };
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      const plugins = [tooltipPlugin(points, lang, tooltipWords)];
      chart = new uPlot(chartOptions(element.clientWidth || 300, points, lang, tone, plugins), data, element);
    };
    draw();
    const keys = followKeys(
      element,
      () => chart,
      points.map((point) => point.value),
    );
    const resize = new ResizeObserver(() =>
      chart?.setSize({ width: element.clientWidth, height: CHART_HEIGHT }),
    );
    resize.observe(element);
    const look = new MutationObserver(draw);
    look.observe(document.documentElement, { attributes: true, attributeFilter: LOOK });
    return () => {
      resize.disconnect();
      look.disconnect();
      keys();
      chart?.destroy();
    };
  }, [points, lang, tone, label, valueLine, todaySoFar, previous]);

  // A keyboard stop of its own (the arrows move the tooltip); an image to assistive technology,
  // which reads the figures from the table instead.
  return (
    <div
      ref={box}
      className="dashboard-chart"
      role="img"
      aria-label={title}
      tabIndex={0}
      style={{ minHeight: CHART_HEIGHT }}
    />
  );
}
