import type { Locator } from 'playwright-core';

/**
 * Does one of a list row's actions, wherever `rowActions` put it: the one in view, or an item of
 * the row's "⋯" menu (drawn at the end of the page, outside the row). `role` is 'link' for an
 * action that is a page of its own (a puzzle's game history).
 */
export async function rowAction(
  row: Locator,
  name: string | RegExp,
  role: 'button' | 'link' = 'button',
): Promise<void> {
  const shown = row.getByRole(role, { name, exact: typeof name === 'string' });
  if (await shown.count()) return shown.first().click();
  await row.locator('.app-row-menu-toggle').click();
  await row.page().locator('.app-row-menu.show').getByRole(role, { name }).click();
}
