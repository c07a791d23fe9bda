import { describe, expect, it } from 'vitest';
import { cachedIslandHtml, cacheIslandHtml, isCacheable, islandCacheSize } from './island-cache';

function counter() {
  let renders = 0;
  return {
    render: (html: string) => () => {
      renders++;
      return html;
    },
    get renders() {
      return renders;
    },
  };
}

describe('island cache', () => {
  it('reuses HTML only for the same component, prefix and props', () => {
    const A = () => null;
    const B = () => null;
    const calls = counter();
    expect(cachedIslandHtml(A, 's0', { name: 'Ana' }, calls.render('a-ana'))).toBe('a-ana');
    expect(cachedIslandHtml(A, 's0', { name: 'Ana' }, calls.render('again'))).toBe('a-ana');
    expect(calls.renders).toBe(1);
    // Another admin's name, another prefix, another component: each renders its own.
    expect(cachedIslandHtml(A, 's0', { name: 'Bob' }, calls.render('a-bob'))).toBe('a-bob');
    expect(cachedIslandHtml(A, 's1', { name: 'Ana' }, calls.render('a-ana-s1'))).toBe('a-ana-s1');
    expect(cachedIslandHtml(B, 's0', { name: 'Ana' }, calls.render('b-ana'))).toBe('b-ana');
    expect(calls.renders).toBe(4);
  });

  it('keys by content: a row changed in place renders anew, frozen parts included', () => {
    const D = () => null;
    const calls = counter();
    const labels = Object.freeze({ title: 'Users' });
    const rows = [{ name: 'Ana' }];
    expect(cachedIslandHtml(D, 's0', { labels, rows }, calls.render('ana'))).toBe('ana');
    rows[0]!.name = 'Bob';
    expect(cachedIslandHtml(D, 's0', { labels, rows }, calls.render('bob'))).toBe('bob');
    const frozenRows = Object.freeze([Object.freeze({ name: 'Cy', at: new Date(0) })]);
    expect(cachedIslandHtml(D, 's0', { labels, rows: frozenRows }, calls.render('cy'))).toBe('cy');
    // A Date is never taken as frozen: changed in place, it still makes a new key.
    frozenRows[0]!.at.setTime(1);
    expect(cachedIslandHtml(D, 's0', { labels, rows: frozenRows }, calls.render('cy later'))).toBe(
      'cy later',
    );
    expect(
      cachedIslandHtml(D, 's0', { labels: { title: 'Users' }, rows: frozenRows }, calls.render('x')),
    ).toBe('cy later');
    expect(calls.renders).toBe(3 + 1);
  });

  it('never caches props that JSON cannot tell apart', () => {
    const C = () => null;
    const calls = counter();
    for (const props of [{ f: () => 1 }, { m: new Map([[1, 2]]) }, { s: new Set([1]) }]) {
      cachedIslandHtml(C, 's0', props, calls.render('x'));
      cachedIslandHtml(C, 's0', props, calls.render('x'));
    }
    expect(calls.renders).toBe(6);
  });

  it('stays bounded in size however many admins, languages and list pages come by', () => {
    const E = () => null;
    const page = 'x'.repeat(100_000);
    for (let i = 0; i < 400; i++)
      cachedIslandHtml(E, 's0', { name: `admin ${i}` }, () => `<p>${i}</p>${page}`);
    const held = islandCacheSize();
    expect(held.chars).toBeLessThanOrEqual(16_000_000);
    expect(held.entries).toBeGreaterThan(100);
    expect(held.entries).toBeLessThan(400);
    // The newest entries are the ones kept, the oldest went first.
    expect(cachedIslandHtml(E, 's0', { name: 'admin 399' }, () => 'again')).toBe(`<p>399</p>${page}`);
    expect(cachedIslandHtml(E, 's0', { name: 'admin 0' }, () => 'rendered again')).toBe('rendered again');
  });

  it('renders but does not keep an entry larger than the whole budget', () => {
    const G = () => null;
    const huge = 'y'.repeat(16_000_001);
    const before = islandCacheSize();
    expect(cachedIslandHtml(G, 's0', {}, () => huge)).toBe(huge);
    expect(islandCacheSize()).toEqual(before);
  });

  it('caches only components that opted in', () => {
    const D = () => null;
    expect(isCacheable(D)).toBe(false);
    cacheIslandHtml(D);
    expect(isCacheable(D)).toBe(true);
  });
});
