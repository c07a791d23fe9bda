import { describe, expect, it } from 'vitest';
import { getT } from '../i18n';
import { fill, labelsJson, plural, translate } from './labels';

describe('island labels', () => {
  it('translates a map of keys and leaves placeholders for the client', () => {
    const labels = translate(getT('fr'), { title: 'login.title', tries: 'auth.otp.wrong' });
    expect(labels.title).toBe('Connexion');
    expect(labels.tries).toContain('{{number}}');
  });

  it('gives a plural family as all the forms of the language, for the client to pick from', () => {
    const keys = { found: 'quickSearch.results' } as const;
    expect(translate(getT('en'), keys).found).toEqual({
      locale: 'en',
      one: '{{count}} user found.',
      other: '{{count}} users found.',
    });
    const ro = translate(getT('ro'), keys).found;
    expect(Object.keys(ro).sort()).toEqual(['few', 'locale', 'one', 'other']);
    expect(Object.keys(translate(getT('fr'), keys).found).sort()).toEqual(['locale', 'many', 'one', 'other']);
    expect(Object.keys(translate(getT('zh'), keys).found).sort()).toEqual(['locale', 'other']);
    expect(JSON.parse(labelsJson(translate(getT('ro'), keys)))).toEqual({ found: ro });
  });

  it('says a count the way each language does, as i18next does on the server', () => {
    const say = (locale: 'en' | 'fr' | 'ro' | 'zh', count: number) =>
      plural(translate(getT(locale), { found: 'quickSearch.results' } as const).found, count);
    expect([0, 1, 2].map((n) => say('en', n))).toEqual(['0 users found.', '1 user found.', '2 users found.']);
    expect([0, 1, 2].map((n) => say('fr', n))).toEqual([
      '0 utilisateur trouvé.',
      '1 utilisateur trouvé.',
      '2 utilisateurs trouvés.',
    ]);
    expect([1, 2, 19, 20, 101].map((n) => say('ro', n))).toEqual([
      '1 utilizator găsit.',
      '2 utilizatori găsiți.',
      '19 utilizatori găsiți.',
      '20 de utilizatori găsiți.',
      '101 utilizatori găsiți.',
    ]);
    expect(say('zh', 1)).toBe('找到 1 个用户。');
    for (const locale of ['en', 'fr', 'ro', 'zh'] as const) {
      for (const count of [0, 1, 2, 5, 20, 21, 100, 1_000_000]) {
        expect(say(locale, count)).toBe(getT(locale)('quickSearch.results', { count }));
      }
    }
  });

  it('shows the count as given, and picks the form from the number', () => {
    const forms = { locale: 'en', one: '{{count}} row', other: '{{count}} rows' };
    expect(plural(forms, 1200, { count: '1,200' })).toBe('1,200 rows');
    expect(plural(forms, 1, { count: 'one' })).toBe('one row');
    expect(plural({ locale: 'ro', other: '{{count}} x' }, 2)).toBe('2 x');
  });

  it('translates a key map once per language and shares the frozen answer', () => {
    const keys = { title: 'login.title' } as const;
    const first = translate(getT('ro'), keys);
    expect(translate(getT('ro'), keys)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Another language, or another map with the same keys, is its own answer.
    expect(translate(getT('en'), keys).title).toBe('Sign in');
    expect(translate(getT('ro'), { ...keys })).not.toBe(first);
    expect(translate(getT('ro'), { ...keys })).toEqual(first);
  });

  it('gives the JSON of a label map, the same text for the same frozen map', () => {
    const labels = translate(getT('fr'), { title: 'login.title' } as const);
    expect(JSON.parse(labelsJson(labels))).toEqual({ title: 'Connexion' });
    expect(labelsJson(labels)).toBe(labelsJson(labels));
    const open: Record<string, string> = { title: 'a' };
    expect(labelsJson(open)).toBe('{"title":"a"}');
    open['title'] = 'b';
    expect(labelsJson(open)).toBe('{"title":"b"}');
  });

  it('fills placeholders, leaving unknown ones alone', () => {
    expect(fill('Digit {{index}} of {{ total }}', { index: 2, total: 6 })).toBe('Digit 2 of 6');
    expect(fill('{{a}} and {{b}}', { a: 'x' })).toBe('x and {{b}}');
  });
});
