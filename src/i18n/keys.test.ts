import { describe, expect, expectTypeOf, it } from 'vitest';
import { flashCookie } from '../shared/feedback/flash';
import type { MenuItem } from '../shared/menu/menu-items';
import { translate, type T } from '../lib/labels';
import { HttpError } from '../server/http/errors';
import type en from './en.json';
import { getT, isI18nKey } from './index';
import type { I18nKey, PluralKey } from './keys';

/**
 * Translation keys are typed (issue #39): a key missing from en.json is a compile error wherever a
 * key is taken. These checks are types, so `tsc --noEmit` and `astro check` are what run them; each
 * `@ts-expect-error` fails the compile the day the line it marks is accepted.
 */
describe('I18nKey', () => {
  it('is the keys of en.json, a plural family by its base key only', () => {
    expectTypeOf<Exclude<I18nKey, PluralKey>>().toEqualTypeOf<
      Exclude<keyof typeof en, `${PluralKey}_${'one' | 'other'}`>
    >();
    expectTypeOf<'menu.users'>().toExtend<I18nKey>();
    expectTypeOf<'list.selected'>().toExtend<I18nKey>();
    expectTypeOf<'list.selected'>().toExtend<PluralKey>();
    expectTypeOf<'list.selected_one'>().not.toExtend<I18nKey>();
    expectTypeOf<'list.selected_other'>().not.toExtend<I18nKey>();
    expectTypeOf<'menu.users'>().not.toExtend<PluralKey>();
    expectTypeOf<'menu.nosuch'>().not.toExtend<I18nKey>();
    expectTypeOf<string>().not.toExtend<I18nKey>();
  });

  it('is all that t, translate, HttpError, the flash cookie and the menu data take', () => {
    const t: T = getT('en');
    expect(t('menu.users')).toBe('User Management');
    expect(t('list.selected', { count: 1 })).toBe('1 selected');
    // @ts-expect-error: a plural family's base key wants its count
    t('list.selected');
    // @ts-expect-error: one form of a plural family is not a key of its own
    t('list.selected_one');
    // @ts-expect-error: not a key of en.json
    t('menu.nosuch');
    // @ts-expect-error: a computed string is not a key until isI18nKey says so
    t(['menu', 'users'].join('.'));
    // @ts-expect-error: one key of the table is not in en.json
    translate(t, { users: 'menu.users', typo: 'menu.userz' });
    // @ts-expect-error: not a key of en.json
    expect(new HttpError(400, 'api.error.nosuch').status).toBe(400);
    // @ts-expect-error: a field's key is checked too
    const fieldKeys: HttpError['options']['fieldKeys'] = { email: 'validation.nosuch' };
    expect(new HttpError(400, 'api.error.validation', { fieldKeys }).status).toBe(400);
    // @ts-expect-error: not a key of en.json
    expect(flashCookie('auth.nosuch')).toContain('auth.nosuch');
    // @ts-expect-error: not a key of en.json
    const item: MenuItem = { id: 'x', type: 'item', titleKey: 'menu.nosuch', url: '/x' };
    expect(item.id).toBe('x');
  });

  it('is narrowed from a string only by isI18nKey, which reads the catalogue', () => {
    const computed: string = ['menu', 'users'].join('.');
    expect(isI18nKey(computed)).toBe(true);
    expect(isI18nKey('menu.nosuch')).toBe(false);
    expect(isI18nKey('toString')).toBe(false);
    expect(isI18nKey('list.selected')).toBe(true);
    expect(isI18nKey('list.selected_one')).toBe(false);
    if (isI18nKey(computed)) expectTypeOf(computed).toEqualTypeOf<I18nKey>();
  });
});
