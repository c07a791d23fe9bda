import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { sideMenuMarkup } from './menu-markup';

const current = (html: string) => html.match(/<a\b[^>]*aria-current="page"[^>]*>/g) ?? [];

describe('sideMenuMarkup', () => {
  it('marks the entry of the page it is rendered for, from the cache too', () => {
    const t = getT('en');
    for (let i = 0; i < 2; i++) {
      expect(current(sideMenuMarkup('en', t, '/users'))[0]).toContain('href="/users"');
      expect(current(sideMenuMarkup('en', t, '/dashboard'))[0]).toContain('href="/dashboard"');
    }
    expect(sideMenuMarkup('en', t, '/users/')).toBe(sideMenuMarkup('en', t, '/users'));
  });

  it('keeps languages apart', () => {
    const en = sideMenuMarkup('en', getT('en'), '/users');
    const fr = sideMenuMarkup('fr', getT('fr'), '/users');
    expect(en).toContain(`>${getT('en')('menu.users')}<`);
    expect(fr).toContain(`>${getT('fr')('menu.users')}<`);
    expect(fr).not.toBe(en);
  });
});
