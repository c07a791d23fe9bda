import { describe, expect, it } from 'vitest';
import { findActivePath, matchesUrl, menuItems, type MenuItem } from './menu-items';

describe('matchesUrl', () => {
  it('matches the url itself and paths below it', () => {
    expect(matchesUrl('/users', '/users')).toBe(true);
    expect(matchesUrl('/users', '/users/')).toBe(true);
    expect(matchesUrl('/users', '/users/12')).toBe(true);
  });

  it('does not match a sibling that only shares a prefix', () => {
    expect(matchesUrl('/users', '/users-archive')).toBe(false);
    expect(matchesUrl('/users', '/')).toBe(false);
  });
});

describe('findActivePath', () => {
  it('returns the chain from the root group to a top-level item', () => {
    expect(findActivePath(menuItems, '/users')).toEqual(['management', 'users']);
    expect(findActivePath(menuItems, '/users/12')).toEqual(['management', 'users']);
  });

  it('goes through the collapse for a content page', () => {
    expect(findActivePath(menuItems, '/privacyandpolicy')).toEqual([
      'management',
      'content',
      'privacyandpolicy',
    ]);
  });

  it('returns nothing for a page outside the menu', () => {
    expect(findActivePath(menuItems, '/profile')).toEqual([]);
  });

  it('prefers the longest url and ignores external links', () => {
    const items: MenuItem[] = [
      { id: 'home', type: 'item', titleKey: 'menu.users', url: '/' },
      { id: 'docs', type: 'item', titleKey: 'menu.users', url: '/docs', external: true },
      {
        id: 'g',
        type: 'group',
        titleKey: 'menu.users',
        children: [{ id: 'deep', type: 'item', titleKey: 'menu.users', url: '/a/b' }],
      },
    ];
    expect(findActivePath(items, '/a/b/c')).toEqual(['g', 'deep']);
    expect(findActivePath(items, '/docs')).toEqual(['home']);
  });

  it('gives every entry a unique id', () => {
    const ids: string[] = [];
    const walk = (list: MenuItem[]): void =>
      list.forEach((item) => {
        ids.push(item.id);
        if (item.type !== 'item') walk(item.children);
      });
    walk(menuItems);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
