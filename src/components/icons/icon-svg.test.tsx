import { IconChevronDown, IconHelpCircle, IconMenu2, IconPuzzle } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { iconSvg } from './icon-svg';

/** The `<svg>` tag alone: its attributes and classes, which CSS and the tests aim at. */
const openingTag = (svg: string) => /^<svg\b[^>]*>/.exec(svg)?.[0];

describe('iconSvg', () => {
  it('draws the <svg> @tabler/icons-react draws, attributes and classes included', () => {
    expect(openingTag(iconSvg('menu-2', { size: 20 }))).toBe(
      openingTag(renderToStaticMarkup(<IconMenu2 size={20} aria-hidden="true" />)),
    );
    expect(openingTag(iconSvg('puzzle', { size: 28, className: 'app-brand-mark' }))).toBe(
      openingTag(
        renderToStaticMarkup(<IconPuzzle className="app-brand-mark" size={28} aria-hidden="true" />),
      ),
    );
    expect(openingTag(iconSvg('help-circle', { size: 20, stroke: 1.5, className: 'app-menu-icon' }))).toBe(
      openingTag(
        renderToStaticMarkup(
          <IconHelpCircle className="app-menu-icon" size={20} stroke={1.5} aria-hidden="true" />,
        ),
      ),
    );
    expect(openingTag(iconSvg('chevron-down'))).toBe(
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
