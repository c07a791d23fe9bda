import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartData } from './chart-data';
import { CHART_HEIGHT, chartOptions, type ChartTone } from './chart-options';
import { tooltipPlugin, type TooltipWords } from './chart-tooltip';
import type { DayValue } from './dashboard-input';

interface Props {
  points: DayValue[];
  /** BCP 47 tag for the day labels. */
  lang: string;
  /** Which theme colour draws the series. */
  tone: ChartTone;
  /** The tooltip's words, translated on the server. */
  words: TooltipWords;
}

/** The attributes on <html> that change the look (ui-settings.ts), so the chart redraws with them. */
const LOOK = ['data-bs-theme', 'data-preset', 'data-font', 'dir'];

/**
 * A day-by-day line drawn with uPlot (canvas), today's unfinished day dashed, with a tooltip on
 * hover. It is decoration for sighted readers: the page puts the same numbers in a table beside
 * it, so the canvas is hidden from assistive technology.
 */
export default function DashboardChart({ points, lang, tone, words }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { label, valueLine, todaySoFar } = words;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data = chartData(points);
    const tooltipWords = { label, valueLine, todaySoFar };
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      const plugins = [tooltipPlugin(points, lang, tooltipWords)];
      chart = new uPlot(chartOptions(element.clientWidth || 300, points, lang, tone, plugins), data, element);
    };
    draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: CHART_HEIGHT }));
    resize.observe(element);
    const look = new MutationObserver(draw);
    look.observe(document.documentElement, { attributes: true, attributeFilter: LOOK });
    return () => {
      resize.disconnect();
      look.disconnect();
      chart?.destroy();
    };
  }, [points, lang, tone, label, valueLine, todaySoFar]);

  return <div ref={box} className="dashboard-chart" aria-hidden="true" style={{ minHeight: CHART_HEIGHT }} />;
}
