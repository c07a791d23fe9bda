import type uPlot from 'uplot';
import { fill } from '../../lib/labels';
import type { DayValue } from '../../shared/dashboard/dashboard-input';

export interface TooltipWords {
  /** What the value counts ("Games played"). */
  label: string;
  /** `{{label}}: {{value}}`, punctuated as the language does. */
  valueLine: string;
  todaySoFar: string;
  /** The ghost series' name ("Previous period"). */
  previous: string;
}

/** Where the box goes: centred over the point, kept inside the plot, below it near the top. */
function place(tip: HTMLElement, over: HTMLElement, x: number, y: number) {
  const gap = 10;
  const left = Math.min(
    Math.max(x - tip.offsetWidth / 2, 0),
    Math.max(0, over.clientWidth - tip.offsetWidth),
  );
  const above = y - tip.offsetHeight - gap;
  // Inline positions set from script (CSSOM): the CSP refuses style attributes, not these.
  tip.style.left = `${left}px`;
  tip.style.top = `${above < 0 ? y + gap : above}px`;
}

function line(className: string, text: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

/**
 * uPlot draws no tooltip of its own: this plugin shows the hovered day, in the admin's language
 * (days are calendar dates already counted in their zone, so formatted as UTC, never shifted),
 * its value and the previous period's on the same day offset. The chart is hidden from assistive technology, so is this: the page's table
 * carries the same figures.
 */
export function tooltipPlugin(points: DayValue[], lang: string, words: TooltipWords): uPlot.Plugin {
  const dayFormat = new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const numberFormat = new Intl.NumberFormat(lang);
  const tip = document.createElement('div');
  tip.className = 'dashboard-tooltip';
  tip.hidden = true;
  return {
    hooks: {
      init: (chart) => {
        chart.over.append(tip);
      },
      setCursor: (chart) => {
        const { idx, left } = chart.cursor;
        const point = idx === null || idx === undefined || (left ?? -1) < 0 ? undefined : points[idx];
        if (idx === null || idx === undefined || !point) {
          tip.hidden = true;
          return;
        }
        const partial = idx === points.length - 1;
        tip.replaceChildren(
          line('dashboard-tooltip-day', dayFormat.format(new Date(`${point.day}T00:00:00Z`))),
          line(
            'dashboard-tooltip-value',
            fill(words.valueLine, { label: words.label, value: numberFormat.format(point.value) }),
          ),
          ...(partial ? [line('dashboard-tooltip-note', words.todaySoFar)] : []),
          ...(point.previous === undefined
            ? []
            : [
                line(
                  'dashboard-tooltip-previous',
                  fill(words.valueLine, {
                    label: words.previous,
                    value: numberFormat.format(point.previous),
                  }),
                ),
              ]),
        );
        Object.assign(tip.dataset, {
          day: point.day,
          value: String(point.value),
          previous: String(point.previous ?? ''),
          partial: String(partial),
        });
        tip.hidden = false;
        place(tip, chart.over, chart.valToPos(idx, 'x'), chart.valToPos(point.value, 'y'));
      },
    },
  };
}
