import { describe, expect, it } from 'vitest';
import {
  defaultListState,
  defineListSpec,
  isFiltered,
  listRequestQuery,
  parseListState,
  queryString,
  writeListState,
} from './list-url';

const spec = defineListSpec({
  sorts: ['name', '-name', 'joined', '-joined'],
  defaultSort: '-joined',
  filters: { status: ['active', 'blocked'] },
});
const parse = (query: string) => parseListState(spec, new URLSearchParams(query));

describe('list state in the URL', () => {
  it('reads an empty query as the defaults', () => {
    expect(parse('')).toEqual({ page: 0, record: 25, search: '', sort: '-joined', filters: { status: '' } });
    expect(parse('')).toEqual(defaultListState(spec));
  });

  it('reads every part it owns', () => {
    expect(parse('page=3&record=50&search=%20ann%20&status=blocked&sort=name')).toEqual({
      page: 3,
      record: 50,
      search: 'ann',
      sort: 'name',
      filters: { status: 'blocked' },
    });
  });

  it('falls back to the default for anything it does not accept', () => {
    expect(parse('page=-1&record=7&status=deleted&sort=email')).toEqual(defaultListState(spec));
    expect(parse('page=abc&record=1e2').page).toBe(0);
    expect(parse('page=99999999').page).toBe(0);
    expect(parse('page=1000000').page).toBe(1_000_000);
  });

  it('leaves the defaults out of the URL', () => {
    expect(writeListState(spec, defaultListState(spec)).toString()).toBe('');
    const state = { ...defaultListState(spec), page: 2, sort: 'name' as const };
    expect(writeListState(spec, state).toString()).toBe('page=2&sort=name');
  });

  it('round-trips any state through the URL', () => {
    const states = [
      { page: 4, record: 25, search: 'ann lee', sort: 'name' as const, filters: { status: 'active' } },
      { page: 0, record: 100, search: 'a&b=c?', sort: '-joined' as const, filters: { status: '' } },
      { page: 1, record: 10, search: '中文', sort: 'joined' as const, filters: { status: 'blocked' } },
    ];
    for (const state of states) {
      expect(parseListState(spec, writeListState(spec, state))).toEqual(state);
    }
  });

  it('keeps parameters it does not own, and replaces the ones it does', () => {
    const current = new URLSearchParams('open=7&page=3&search=old');
    const state = { ...defaultListState(spec), search: 'new' };
    expect(writeListState(spec, state, current).toString()).toBe('open=7&search=new');
  });

  it('spells every value out for the endpoint, without empty filters', () => {
    expect(listRequestQuery(defaultListState(spec))).toEqual({
      page: 0,
      record: 25,
      search: '',
      sort: '-joined',
    });
    expect(listRequestQuery(parse('status=active'))).toMatchObject({ status: 'active' });
  });

  it('tells a narrowed list from a plain one', () => {
    expect(isFiltered(parse('page=2&sort=name'))).toBe(false);
    expect(isFiltered(parse('search=x'))).toBe(true);
    expect(isFiltered(parse('status=blocked'))).toBe(true);
  });

  it('writes a query string ready to append', () => {
    expect(queryString(new URLSearchParams())).toBe('');
    expect(queryString(new URLSearchParams('a=1'))).toBe('?a=1');
  });

  it('takes an open-ended filter when the whole value matches its pattern', () => {
    const open = defineListSpec({ sorts: ['id'], defaultSort: 'id', filters: { user_id: /[1-9]\d{0,9}/ } });
    const read = (query: string) => parseListState(open, new URLSearchParams(query)).filters.user_id;
    expect(read('user_id=42')).toBe('42');
    expect(read('user_id=42x')).toBe('');
    expect(read('user_id=0')).toBe('');
    expect(read('user_id=')).toBe('');
  });
});
