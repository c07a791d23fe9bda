import { describe, expect, it } from 'vitest';
import { getT, LOCALE_COOKIE, LOCALES } from '../../i18n';
import { autonym, languageMenuProps, languageOptions } from './language-options';

describe('the language menu options', () => {
  it('names each language in itself, capitalised', () => {
    expect(LOCALES.map(autonym)).toEqual(['English', 'Français', 'Română', '中文']);
  });

  it('lists every language once with its BCP 47 tag', () => {
    expect(languageOptions().map(({ code, tag }) => [code, tag])).toEqual([
      ['en', 'en'],
      ['fr', 'fr'],
      ['ro', 'ro'],
      ['zh', 'zh-CN'],
    ]);
  });

  it('builds the island props with the translated label and the cookie name', () => {
    const props = languageMenuProps(getT('fr'), 'fr');
    expect(props).toMatchObject({ current: 'fr', label: 'Langue', cookieName: LOCALE_COOKIE });
    expect(props.options).toHaveLength(LOCALES.length);
  });
});
