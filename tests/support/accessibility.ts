import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core's serious and critical findings on the page as it is now, one line each
 * (`rule: selectors`), so a failing test names what to fix. `rules` narrows the sweep to the rules a
 * change can affect (a colour preset: contrast), where the full sweep runs on the same page elsewhere.
 */
export async function seriousViolations(page: Page, { rules }: { rules?: string[] } = {}): Promise<string[]> {
  // Colours mid-transition (a button fading from light to dark) are neither theme's: axe would
  // judge a blend. Wait for running CSS transitions; endless animations (spinners) are not waited on.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    null,
    { polling: 50 },
  );
  const builder = new AxeBuilder({ page });
  const { violations } = await (rules ? builder.withRules(rules) : builder).analyze();
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
