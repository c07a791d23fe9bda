import { describe, expect, it } from 'vitest';
import { getT } from '../i18n';
import { fill, translate } from './labels';

describe('island labels', () => {
  it('translates a map of keys and leaves placeholders for the client', () => {
    const labels = translate(getT('fr'), { title: 'login.title', tries: 'auth.otp.wrong' });
    expect(labels.title).toBe('Connexion');
    expect(labels.tries).toContain('{{count}}');
  });

  it('fills placeholders, leaving unknown ones alone', () => {
    expect(fill('Digit {{index}} of {{ total }}', { index: 2, total: 6 })).toBe('Digit 2 of 6');
    expect(fill('{{a}} and {{b}}', { a: 'x' })).toBe('x and {{b}}');
  });
});
