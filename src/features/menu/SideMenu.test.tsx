import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import SideMenu, { DrawerMenu } from './SideMenu';
import { menuItems, type MenuItem } from './menu-items';

const catalogue: Record<string, string> = en;
const label = (key: string): string => catalogue[key] ?? key;

function render(pathname: string, items: readonly MenuItem[] = menuItems): string {
  return renderToStaticMarkup(<DrawerMenu items={items} pathname={pathname} label={label} />);
}

/** Opening tags of `tag` that carry `attr` (no DOM in this test environment, so plain regexps). */
function tagsWith(html: string, tag: string, attr: string): string[] {
  return html.match(new RegExp(`<${tag}\\b[^>]*${attr}[^>]*>`, 'g')) ?? [];
}

const text = (html: string): string => html.replace(/<[^>]+>/g, '');

describe('DrawerMenu', () => {
  it('marks the active item and opens the collapse that holds it', () => {
    const html = render('/termsandcondition');
    const current = tagsWith(html, 'a', 'aria-current="page"');
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/termsandcondition"');
    expect(current[0]).toMatch(/class="[^"]*\bactive\b/);
    expect(tagsWith(html, 'details', 'open=""')).toHaveLength(1);
  });

  it('keeps the collapse closed when the active page is elsewhere', () => {
    const html = render('/users/12');
    const current = tagsWith(html, 'a', 'aria-current="page"');
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/users"');
    expect(tagsWith(html, 'details', '')).toHaveLength(1);
    expect(tagsWith(html, 'details', 'open')).toHaveLength(0);
  });

  it('labels the navigation and the groups with translated text', () => {
    const html = render('/dashboard');
    expect(tagsWith(html, 'nav', `aria-label="${en['menu.label']}"`)).toHaveLength(1);
    expect(text(html)).toContain(en['menu.group.management']);
    expect(text(html)).toContain(en['menu.termsandcondition']);
  });

  it('shows "Menu Items Error" for an entry of unknown type', () => {
    const broken = { id: 'oops', type: 'widget', titleKey: 'menu.users' } as unknown as MenuItem;
    expect(text(render('/dashboard', [broken]))).toBe('Menu Items Error');
  });

  it('renders a disabled item as text, not a link', () => {
    const items: MenuItem[] = [
      { id: 'u', type: 'item', titleKey: 'menu.users', url: '/users', disabled: true },
    ];
    const html = render('/users', items);
    expect(html).not.toContain('<a');
    expect(html).not.toContain('href=');
    expect(tagsWith(html, 'span', 'aria-disabled="true"')).toHaveLength(1);
    expect(text(html)).toBe(en['menu.users']);
  });

  it('shows a chip as a badge beside the title', () => {
    const items: MenuItem[] = [
      {
        id: 'n',
        type: 'item',
        titleKey: 'menu.notifications',
        url: '/notifications',
        chip: { labelKey: 'menu.chip.new', variant: 'success' },
      },
    ];
    const html = render('/', items);
    expect(html).toMatch(/<span class="badge [^"]*text-bg-success[^"]*">([^<]+)<\/span>/);
    expect(html.match(/text-bg-success[^"]*">([^<]+)</)?.[1]).toBe(en['menu.chip.new']);
  });

  it('opens external links in a new tab without leaking the opener', () => {
    const items: MenuItem[] = [
      { id: 'x', type: 'item', titleKey: 'menu.puzzles', url: 'https://example.org', external: true },
    ];
    const html = render('/', items);
    const [link] = tagsWith(html, 'a', 'href="https://example.org"');
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener noreferrer"');
    expect(text(html)).toContain(en['menu.externalHint']);
  });
});

describe('SideMenu', () => {
  it('renders the drawer menu and the horizontal bar from the same data (CSS shows one)', () => {
    const html = renderToStaticMarkup(<SideMenu items={menuItems} pathname="/users" label={label} />);
    expect(tagsWith(html, 'nav', 'class="app-menu"')).toHaveLength(1);
    expect(tagsWith(html, 'nav', 'class="app-menubar"')).toHaveLength(1);
    expect(tagsWith(html, 'a', 'aria-current="page"').every((tag) => tag.includes('href="/users"'))).toBe(
      true,
    );
    expect(tagsWith(html, 'a', 'aria-current="page"')).toHaveLength(2);
  });
});
