import type uPlot from 'uplot';

/** Which way each key moves along the x axis, as drawn: time runs right to left under RTL. */
function step(key: string, rtl: boolean, index: number, count: number): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return Math.min(index + 1, count - 1);
  if (key === back) return Math.max(index - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * uPlot follows only the mouse: the tooltip is the same for the keyboard, through its own
 * `setCursor`. Focus shows today, the arrows move a day, Home and End go to the ends; leaving
 * hides it. Returns the clean-up.
 */
export function followKeys(element: HTMLElement, chart: () => uPlot | null, values: number[]): () => void {
  let index = values.length - 1;
  const point = (at: number) => {
    const current = chart();
    if (current) {
      current.setCursor({ left: current.valToPos(at, 'x'), top: current.valToPos(values[at] ?? 0, 'y') });
    }
  };
  const onKey = (event: KeyboardEvent) => {
    const next = step(event.key, document.documentElement.dir === 'rtl', index, values.length);
    if (next === null) return;
    event.preventDefault();
    index = next;
    point(index);
  };
  const onFocus = () => point(index);
  const onBlur = () => chart()?.setCursor({ left: -10, top: -10 });
  element.addEventListener('keydown', onKey);
  element.addEventListener('focus', onFocus);
  element.addEventListener('blur', onBlur);
  return () => {
    element.removeEventListener('keydown', onKey);
    element.removeEventListener('focus', onFocus);
    element.removeEventListener('blur', onBlur);
  };
}
