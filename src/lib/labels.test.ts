import { describe, expect, it } from 'vitest';
import { getT } from '../i18n';
import { fill, labelsJson, translate } from './labels';

describe('island labels', () => {
  it('translates a map of keys and leaves placeholders for the client', () => {
    const labels = translate(getT('fr'), { title: 'login.title', tries: 'auth.otp.wrong' });
    expect(labels.title).toBe('Connexion');
    expect(labels.tries).toContain('{{count}}');
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
