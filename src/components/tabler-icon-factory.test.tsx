import { IconPencil } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createReactComponent from './tabler-icon-factory';

// Tests import the package as published (the build swaps the factory; Vitest does not), so the
// original icons are at hand to compare shapes with.
const pencilNode: [string, Record<string, string>][] = [
  ['path', { d: 'M4 20h4l10.5 -10.5a2.828 2.828 0 1 0 -4 -4l-10.5 10.5v4', key: 'svg-0' }],
  ['path', { d: 'M13.5 6.5l4 4', key: 'svg-1' }],
];
const LeanPencil = createReactComponent('outline', 'pencil', 'Pencil', pencilNode);
const shapes = (html: string) => html.replace(/^<svg[^>]*>|<\/svg>$/g, '');

describe('the lean Tabler icon factory', () => {
  it('draws the same shapes as Tabler with only size, box and class on the <svg>', () => {
    const lean = renderToStaticMarkup(<LeanPencil size={18} aria-hidden="true" />);
    expect(lean).toBe(
      '<svg width="18" height="18" viewBox="0 0 24 24" class="tabler-icon" aria-hidden="true">' +
        '<path d="M4 20h4l10.5 -10.5a2.828 2.828 0 1 0 -4 -4l-10.5 10.5v4"></path><path d="M13.5 6.5l4 4"></path></svg>',
    );
    expect(shapes(lean)).toBe(shapes(renderToStaticMarkup(<IconPencil size={18} />)));
  });

  it('writes a stroke or colour other than the default, which the stylesheet then leaves alone', () => {
    const html = renderToStaticMarkup(<LeanPencil stroke={1.5} color="red" className="app-menu-icon" />);
    expect(html).toMatch(/class="tabler-icon app-menu-icon"/);
    expect(html).toMatch(/stroke-width="1.5"/);
    expect(html).toMatch(/stroke="red"/);
    expect(renderToStaticMarkup(<LeanPencil stroke="2" />)).not.toMatch(/stroke/);
  });

  it('marks filled icons, which are painted by fill, and keeps a title', () => {
    const Star = createReactComponent('filled', 'star', 'StarFilled', [
      ['path', { d: 'M8 2z', key: 'svg-0' }],
    ]);
    expect(renderToStaticMarkup(<Star />)).toMatch(/class="tabler-icon tabler-icon-filled"/);
    expect(renderToStaticMarkup(<Star color="gold" />)).toMatch(/fill="gold"/);
    expect(renderToStaticMarkup(<LeanPencil title="Edit" />)).toMatch(/<title>Edit<\/title><path/);
  });
});
