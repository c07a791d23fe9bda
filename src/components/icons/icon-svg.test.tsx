import { IconChevronDown, IconHelpCircle, IconMenu2, IconPuzzle } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { iconSvg } from './icon-svg';

/** React closes empty elements as `<path ...></path>`; the files write `<path ... />`. */
const normalized = (svg: string) => svg.replace(/\s*\/>/g, '>').replace(/<\/path>/g, '');

describe('iconSvg', () => {
  it('draws what @tabler/icons-react draws, attributes and classes included', () => {
    expect(normalized(iconSvg('menu-2', { size: 20 }))).toBe(
      normalized(renderToStaticMarkup(<IconMenu2 size={20} aria-hidden="true" />)),
    );
    expect(normalized(iconSvg('puzzle', { size: 28, className: 'app-brand-mark' }))).toBe(
      normalized(
        renderToStaticMarkup(<IconPuzzle className="app-brand-mark" size={28} aria-hidden="true" />),
      ),
    );
    expect(normalized(iconSvg('help-circle', { size: 20, stroke: 1.5, className: 'app-menu-icon' }))).toBe(
      normalized(
        renderToStaticMarkup(
          <IconHelpCircle className="app-menu-icon" size={20} stroke={1.5} aria-hidden="true" />,
        ),
      ),
    );
    expect(normalized(iconSvg('chevron-down'))).toBe(
      normalized(renderToStaticMarkup(<IconChevronDown aria-hidden="true" />)),
    );
  });

  it('leaves out the invisible design box and escapes the classes', () => {
    const svg = iconSvg('bell', { className: '"><script>' });
    expect(svg).not.toContain('M0 0h24v24H0z');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('class="tabler-icon tabler-icon-bell &quot;>&lt;script>"');
  });
});
