import type { UserGrants } from './user-grants';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { parseListState } from '../../lib/list-url';
import type { UserRow } from '../../shared/users/user-input';
import { userListSpec } from './user-list-spec';
import { usersScreenLabels } from './users-labels';
import { bulkStatusTarget, notifyLink } from './users-links';
import UsersScreen from './UsersScreen';

const user = (id: number, patch: Partial<UserRow> = {}): UserRow => ({
  id,
  first_name: 'Ann',
  last_name: `Lee${id}`,
  email: `ann${id}@example.com`,
  phone: null,
  status: 'active',
  profile: null,
  games_played: 1234,
  created_at: '2025-03-12T10:00:00.000Z',
  last_active_at: null,
  ...patch,
});

const EVERYTHING: UserGrants = { edit: true, block: true, export: true, notify: true, broadcast: true };

function render(
  query: string,
  list: UserRow[],
  total: number,
  locale: 'en' | 'fr' = 'en',
  can: UserGrants = EVERYTHING,
) {
  const initialState = parseListState(userListSpec, new URLSearchParams(query));
  return renderToStaticMarkup(
    <UsersScreen
      initialState={initialState}
      initialResult={{ list, total, page: initialState.page, record: initialState.record, search: '' }}
      openId={null}
      locale={locale}
      labels={usersScreenLabels(getT(locale))}
      can={can}
    />,
  );
}

describe('the users screen, as the server renders it', () => {
  it('leaves out what the role does not allow: add, export, edit, block, and selection', () => {
    const none: UserGrants = { edit: false, block: false, export: false, notify: false, broadcast: false };
    const html = render('', [user(1)], 1, 'en', none);
    expect(html).toContain('Ann Lee1');
    expect(html).not.toContain('Add user');
    expect(html).not.toContain('exportusers');
    expect(html).not.toContain('Edit Ann Lee1');
    expect(html).not.toContain('More actions for Ann Lee1');
    expect(html).not.toContain('type="checkbox"');
    // Details is the one action left: in view, no "⋯" menu.
    expect(html).toContain('aria-label="Details of Ann Lee1"');
    const all = render('', [user(1)], 1);
    // Edit stays in view; Block and Details wait in the row's "⋯" menu.
    for (const shown of [
      'Add user',
      'exportusers',
      'Edit Ann Lee1',
      'More actions for Ann Lee1',
      'type="checkbox"',
    ]) {
      expect(all).toContain(shown);
    }
  });

  it('has the rows, numbers and dates in the HTML, and no spinner', () => {
    const html = render('', [user(1, { profile: '/images/a.webp', status: 'blocked' }), user(2)], 1234);
    expect(html).toContain('Ann Lee1');
    expect(html).toContain('title="ann2@example.com"');
    expect(html).toContain('1,234');
    expect(html).toContain('1–2 of 1,234');
    expect(html).toContain('Mar 12, 2025');
    expect(html).toContain('src="/images/a.webp"');
    expect(html).toContain('Blocked');
    expect(html).not.toContain('spinner');
    expect(html).toContain('aria-busy="false"');
    expect(html).not.toContain('style=');
  });

  it('restores the URL state: search box, status, sort and the export link', () => {
    const html = render('search=ann&status=blocked&sort=name&page=1&record=10', [user(11)], 11, 'fr');
    expect(html).toMatch(/<input id="users-search"[^>]*value="ann"/);
    expect(html).toMatch(/<option value="blocked" selected="">Bloqué<\/option>/);
    expect(html).toContain('href="/api/admin/exportusers?search=ann&amp;status=blocked&amp;sort=name"');
    expect(html).toContain('11–11 sur 11');
    expect(html).toContain('Exporter tous les résultats (11)');
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><button[^>]*>Nom/);
  });

  it('says "no match" with a way out when a filter finds nothing', () => {
    expect(render('search=zzz', [], 0)).toContain('Clear filters');
    expect(render('', [], 0)).toContain('No users yet. Add the first one.');
  });
});

describe('the notifications hand-off', () => {
  it('names picked users by id, or the filter for "all matching"', () => {
    expect(notifyLink({ ids: [1, 2, 3] })).toBe('/notifications?user_ids=1,2,3');
    expect(notifyLink({ match: { search: 'ann lee', status: 'blocked' } })).toBe(
      '/notifications?match_search=ann+lee&match_status=blocked',
    );
    expect(notifyLink({ match: { search: '' } })).toBe('/notifications?match_all=true');
  });
});

describe('what the bulk bar offers', () => {
  const state = (query: string) => parseListState(userListSpec, new URLSearchParams(query));
  const statuses = new Map([
    [1, 'active' as const],
    [2, 'active' as const],
    [3, 'blocked' as const],
  ]);

  it('blocks only the picked users who are active, and unblocks only the blocked ones', () => {
    const picked = new Set([1, 2]);
    expect(bulkStatusTarget(false, picked, statuses, state(''), 'blocked')).toEqual({ ids: [1, 2] });
    expect(bulkStatusTarget(false, picked, statuses, state(''), 'active')).toBeNull();
    const mixed = new Set([1, 3]);
    expect(bulkStatusTarget(false, mixed, statuses, state(''), 'blocked')).toEqual({ ids: [1] });
    expect(bulkStatusTarget(false, mixed, statuses, state(''), 'active')).toEqual({ ids: [3] });
  });

  it('narrows "all matching" to the other status, and offers nothing the filter rules out', () => {
    expect(bulkStatusTarget(true, new Set(), statuses, state('search=ann'), 'blocked')).toEqual({
      match: { search: 'ann', status: 'active' },
    });
    expect(bulkStatusTarget(true, new Set(), statuses, state('status=blocked'), 'blocked')).toBeNull();
    expect(bulkStatusTarget(true, new Set(), statuses, state('status=blocked'), 'active')).toEqual({
      match: { search: '', status: 'blocked' },
    });
  });
});
