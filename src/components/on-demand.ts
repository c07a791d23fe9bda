import type { PluralForms } from '../lib/labels';

/**
 * Helpers for widgets hidden until used (dialogs, drawers, menus): the server renders only their
 * trigger, as plain HTML, and the widget's code is fetched on the first use (or when the browser
 * is idle), so no page pays for rendering or downloading it up front. No React in here: the
 * triggers that import this run on every page.
 */

/**
 * `load` run at most once; later calls get the same promise. A failed load (a network blip) is
 * forgotten, so the next use tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** Runs `work` when the browser has nothing else to do (a timer where requestIdleCallback is missing). */
export function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work());
  else window.setTimeout(work, 200);
}

/**
 * The words a trigger carries for its widget: the server translates them into `data-labels`
 * (JSON), so neither the trigger nor the widget bundles a catalogue.
 */
export function labelsOf<Labels extends Record<string, string | PluralForms>>(element: HTMLElement): Labels {
  return JSON.parse(element.dataset['labels'] ?? '{}') as Labels;
}
