import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { translate } from '../../lib/labels';
import type { CmsRevisionDetail } from '../../shared/cms/cms-input';
import { cmsLabelKeys } from './cms-labels';
import CmsRevisionView from './CmsRevisionView';

const labels = translate(getT('en'), cmsLabelKeys);

const detail = (diff: CmsRevisionDetail['diff']): CmsRevisionDetail => ({
  revision: {
    id: 7,
    slug: 'about-us',
    locale: 'en',
    title: 'Old title',
    effective_date: null,
    author: null,
    created_at: '2026-01-01T00:00:00.000Z',
    restored_from: null,
    content: '<p>Old words</p>',
  },
  current: { title: 'New title', content: '<p>New words</p>' },
  diff,
});

const render = (value: CmsRevisionDetail) =>
  renderToStaticMarkup(
    <CmsRevisionView
      detail={value}
      labels={labels}
      heading="Revision"
      onRestore={() => {}}
      onClose={() => {}}
    />,
  );

describe('CmsRevisionView', () => {
  it('sets two versions too different to compare side by side, saying so, restorable', () => {
    const html = render(detail({ title: [{ kind: 'same', text: 'x' }], content: null }));
    expect(html).toContain(labels.tooDifferent);
    expect(html).toContain(labels.currentText);
    expect(html).toContain('<p>Old words</p>');
    expect(html).toContain('<p>New words</p>');
    expect(html).not.toContain('<ins');
    expect(html).not.toMatch(/<button[^>]*disabled/);
  });

  it('shows word changes when the server could compare them', () => {
    const html = render(
      detail({
        title: [{ kind: 'same', text: 'Title' }],
        content: [
          { kind: 'removed', text: 'Old' },
          { kind: 'added', text: 'New' },
          { kind: 'same', text: ' words' },
        ],
      }),
    );
    expect(html).not.toContain(labels.tooDifferent);
    expect(html).toMatch(/<del>.*Old<\/del>/);
    expect(html).toMatch(/<ins>.*New<\/ins>/);
  });

  it('sets both versions side by side as drawn, marked, and counts a change of formatting alone', () => {
    const html = render(
      detail({
        title: [{ kind: 'same', text: 'Title' }],
        content: [{ kind: 'same', text: 'Old words' }],
        formatted: {
          before: '<p><del class="app-diff-format">Old</del> words</p>',
          after: '<p><strong><ins class="app-diff-format">Old</ins></strong> words</p>',
        },
      }),
    );
    expect(html).toContain(labels.formattedLegend);
    expect(html).toContain('<strong><ins class="app-diff-format">Old</ins></strong>');
    expect(html).toContain('--app-diff-format:&quot;formatting changed: &quot;');
    expect(html).not.toContain(labels.noChanges);
    expect(html).not.toMatch(/<button[^>]*disabled/);
  });
});
