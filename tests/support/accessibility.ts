import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { UiSettings } from '../../src/shared/settings/ui-settings';

/**
 * The looks every axe sweep runs in. Colour findings come from the mode and layout findings from
 * the direction, so light left-to-right and dark right-to-left cover the four combinations' causes
 * in half the runs. (The colour presets have their own sweep in theme.spec.ts, and
 * src/styles/theme-contrast.test.ts checks every theme token pair's contrast.)
 */
export const AXE_LOOKS: readonly Partial<UiSettings>[] = [{}, { mode: 'dark', direction: 'rtl' }];

/**
 * The axe rules whose outcome a look can change: colours (the mode) and geometry (the direction).
 * A sweep that has already run every rule in one look runs only these in the other.
 */
export const LOOK_RULES = [
  'color-contrast',
  'link-in-text-block',
  'target-size',
  'scrollable-region-focusable',
];

/** A look's name in a test's title or a finding: "light, ltr" / "dark, rtl". */
export function lookName(look: Partial<UiSettings>): string {
  return `${look.mode ?? 'light'}, ${look.direction ?? 'ltr'}`;
}

interface SweepOptions {
  /** Only these axe rules: a change that can affect nothing else (a colour preset: contrast). */
  rules?: string[];
  /**
   * Only this part of the page (a CSS selector, waited for), for a state that changes one region
   * (an open dialog or drawer) of a page whose full sweep runs elsewhere.
   */
  within?: string;
}

/**
 * axe-core's serious and critical findings on the page as it is now, one line each
 * (`rule: selectors`), so a failing test names what to fix.
 */
export async function seriousViolations(page: Page, { rules, within }: SweepOptions = {}): Promise<string[]> {
  if (within) await page.locator(within).first().waitFor();
  // Colours mid-transition (a button fading from light to dark) are neither theme's: axe would
  // judge a blend. Wait for running CSS transitions; endless animations (spinners) are not waited on.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    null,
    { polling: 50 },
  );
  // Violations only: axe otherwise builds a unique selector for every node that passed, most of
  // a sweep's time on a long page. Legacy mode runs axe in the page itself: the default opens a
  // blank page per scan to merge each frame's results there, which tripled a scan's cost (about
  // 1.2 s against 0.4) for frames our screens do not have (none has an iframe).
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (rules) builder = builder.withRules(rules);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
