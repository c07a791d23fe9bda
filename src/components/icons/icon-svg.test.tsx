import { IconChevronDown, IconHelpCircle, IconMenu2, IconPuzzle } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { iconSvg } from './icon-svg';

/** What CSS and the tests aim at on an icon: its size, stroke width and classes. */
function openingTag(svg: string) {
  const tag = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return ['width', 'height', 'stroke-width', 'class', 'aria-hidden'].map((name) => [name, attribute(name)]);
}

describe('iconSvg', () => {
  it('draws the <svg> @tabler/icons-react draws: size, stroke width and classes', () => {
    expect(openingTag(iconSvg('menu-2', { size: 20 }))).toEqual(
      openingTag(renderToStaticMarkup(<IconMenu2 size={20} aria-hidden="true" />)),
    );
    expect(openingTag(iconSvg('puzzle', { size: 28, className: 'app-brand-mark' }))).toEqual(
      openingTag(
        renderToStaticMarkup(<IconPuzzle className="app-brand-mark" size={28} aria-hidden="true" />),
      ),
    );
    expect(openingTag(iconSvg('help-circle', { size: 20, stroke: 1.5, className: 'app-menu-icon' }))).toEqual(
      openingTag(
        renderToStaticMarkup(
          <IconHelpCircle className="app-menu-icon" size={20} stroke={1.5} aria-hidden="true" />,
        ),
      ),
    );
    expect(openingTag(iconSvg('chevron-down'))).toEqual(
      openingTag(renderToStaticMarkup(<IconChevronDown aria-hidden="true" />)),
    );
  });

  it('names its shapes in the sprite instead of copying them', () => {
    const svg = iconSvg('bell');
    expect(svg).toMatch(/<use href="[^"#]*icons[^"#]*#bell"><\/use><\/svg>$/);
    expect(svg).not.toContain('<path');
  });

  it('escapes the classes', () => {
    const svg = iconSvg('bell', { className: '"><script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('class="tabler-icon tabler-icon-bell &quot;>&lt;script>"');
  });
});
