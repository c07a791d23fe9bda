import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import type { Locale } from '../../i18n/locales';
import { compareFigure } from './compare-words';
import { dashboardLabels } from './dashboard-labels';

const wordsOf = (locale: Locale) => dashboardLabels(getT(locale)).words;

describe('a figure against the previous period, in one sentence', () => {
  it('says the value, the previous value and the signed change in percent', () => {
    const words = wordsOf('en');
    expect(compareFigure(words, 'en', { value: 700, previous: 481 }).text).toBe('700, up from 481 (+46%)');
    expect(compareFigure(words, 'en', { value: 1200, previous: 1600 })).toMatchObject({
      direction: 'down',
      text: '1,200, down from 1,600 (-25%)',
    });
    expect(compareFigure(words, 'en', { value: 7, previous: 7 }).text).toBe('7, unchanged from 7');
    expect(compareFigure(words, 'en', { value: 3, previous: 0 }).text).toBe('3, up from 0 (new)');
    // A small change keeps a decimal rather than read as no change.
    expect(compareFigure(words, 'en', { value: 1004, previous: 1000 }).text).toBe(
      '1,004, up from 1,000 (+0.4%)',
    );
  });

  it('cuts the sentence around the value and the change, wherever the language puts them', () => {
    const { parts } = compareFigure(wordsOf('en'), 'en', { value: 700, previous: 481 });
    expect(parts).toEqual([
      { kind: 'value', text: '700' },
      { kind: 'text', text: ', up from 481 (' },
      { kind: 'change', text: '+46%' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('formats the numbers for the language', () => {
    expect(compareFigure(wordsOf('fr'), 'fr', { value: 1200, previous: 1000 }).text).toBe(
      '1\u202f200, en hausse par rapport à 1\u202f000 (+20\u00a0%)',
    );
    expect(compareFigure(wordsOf('zh'), 'zh', { value: 700, previous: 481 }).text).toBe(
      '700，较之前的 481 上升（+46%）',
    );
  });
});
