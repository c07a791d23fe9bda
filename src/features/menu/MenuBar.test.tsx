import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import MenuBar from './MenuBar';
import { menuItems, type MenuItem } from './menu-items';

const catalogue: Record<string, string> = en;
const label = (key: string): string => catalogue[key] ?? key;

function render(pathname: string, max?: number, items: readonly MenuItem[] = menuItems): string {
  return renderToStaticMarkup(<MenuBar items={items} pathname={pathname} label={label} max={max} />);
}

/** The markup of the dropdown whose summary reads `title` (details do not nest at the top level). */
function dropdown(html: string, title: string): string {
  const found = html.match(/<details\b[\s\S]*?<\/details>/g)?.find((part) => part.includes(`>${title}<`));
  if (!found) throw new Error(`no dropdown titled ${title}`);
  return found;
}

const hrefs = (html: string): string[] =>
  [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '');
const summaryOf = (html: string): string => html.match(/<summary\b[^>]*>/)?.[0] ?? '';

describe('MenuBar', () => {
  it('shows the first entries in the bar and the rest under "More items"', () => {
    const html = render('/dashboard', 4);
    const more = dropdown(html, en['menu.moreItems']);
    expect(hrefs(more)).toEqual(['/help-center', '/aboutus', '/privacyandpolicy', '/termsandcondition']);
    const bar = html.replace(more, '');
    expect(hrefs(bar)).toEqual(['/dashboard', '/users', '/notifications', '/puzzles']);
    // The collapse inside "More items" is a titled section, not a second dropdown.
    expect(more.match(/<details/g)).toHaveLength(1);
    expect(more).toContain(`>${en['menu.content']}</p>`);
  });

  it('needs no "More items" when every entry fits, and makes the collapse its own dropdown', () => {
    const html = render('/dashboard', 10);
    expect(html).not.toContain(en['menu.moreItems']);
    expect(hrefs(dropdown(html, en['menu.content']))).toEqual([
      '/aboutus',
      '/privacyandpolicy',
      '/termsandcondition',
    ]);
  });

  it('marks the current page and every dropdown that holds it', () => {
    const html = render('/privacyandpolicy', 4);
    const current = html.match(/<a\b[^>]*aria-current="page"[^>]*>/g) ?? [];
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/privacyandpolicy"');
    const more = summaryOf(dropdown(html, en['menu.moreItems']));
    expect(more).toContain('aria-current="true"');
    expect(more).toContain('has-active');

    const elsewhere = render('/users', 4);
    expect(summaryOf(dropdown(elsewhere, en['menu.moreItems']))).not.toContain('aria-current');
    const collapse = summaryOf(dropdown(render('/aboutus', 10), en['menu.content']));
    expect(collapse).toContain('aria-current="true"');
  });

  it('groups its dropdowns so that only one is open at a time, and none is open at first', () => {
    const html = render('/aboutus', 4);
    const details = html.match(/<details\b[^>]*>/g) ?? [];
    expect(details.length).toBeGreaterThan(0);
    expect(details.every((tag) => tag.includes('name="app-menubar"') && !tag.includes('open'))).toBe(true);
  });

  it('labels the navigation like the drawer does', () => {
    expect(render('/dashboard')).toContain(`<nav class="app-menubar" aria-label="${en['menu.label']}">`);
  });
});
