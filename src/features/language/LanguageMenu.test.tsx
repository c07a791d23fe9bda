import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { languageMenuProps } from './language-options';
import LanguageMenu from './LanguageMenu';

const tags = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];

describe('the language menu, as the server renders it', () => {
  const html = renderToStaticMarkup(<LanguageMenu {...languageMenuProps(getT('ro'), 'ro')} />);

  it('is a closed menu button named "Language" showing the current language', () => {
    const [button] = tags(html, 'button');
    expect(button).toContain('aria-haspopup="menu"');
    expect(button).toContain('aria-expanded="false"');
    expect(html).toContain('<span class="visually-hidden">Limbă</span>');
    expect(html).toMatch(/<span class="app-label-sm" lang="ro">Română<\/span>/);
  });

  it('holds one radio item per language, in that language, the current one checked', () => {
    const [menu] = tags(html, 'ul');
    expect(menu).toContain('role="menu"');
    expect(menu).toContain('aria-label="Limbă"');
    expect(menu).toContain('hidden');
    const items = tags(html, 'button').filter((button) => button.includes('menuitemradio'));
    expect(items.map((item) => /lang="([^"]+)"/.exec(item)?.[1])).toEqual(['en', 'fr', 'ro', 'zh-CN']);
    expect(items.map((item) => /aria-checked="(\w+)"/.exec(item)?.[1])).toEqual([
      'false',
      'false',
      'true',
      'false',
    ]);
    expect(items.every((item) => item.includes('tabindex="-1"'))).toBe(true);
  });

  it('needs no inline style (the CSP forbids it)', () => {
    expect(html).not.toContain('style=');
  });
});
