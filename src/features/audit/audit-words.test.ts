import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { auditWords } from './audit-labels';
import { actionWords, describeDetail, describeTarget } from './audit-words';

const words = auditWords(getT('en'));
const formats = {
  count: (value: number) => value.toLocaleString('en'),
  instant: (iso: string) => `at ${iso.slice(0, 10)}`,
};

describe('activity in words', () => {
  it('words known actions and names unknown ones by their code', () => {
    const actions = { 'auth.login': 'Signed in' };
    expect(actionWords('auth.login', actions, words)).toBe('Signed in');
    expect(actionWords('apikeys.rotate', actions, words)).toBe('Other action (apikeys.rotate)');
    // Not fooled by the object's own machinery.
    expect(actionWords('toString', actions, words)).toBe('Other action (toString)');
  });

  it('names each kind of target and links those with a screen', () => {
    expect(describeTarget('users:12', words)).toEqual({ text: 'User #12', href: '/users?open=12' });
    expect(describeTarget('support:7', words)).toEqual({ text: 'Query #7', href: '/help-center?open=7' });
    expect(describeTarget('admins:3', words)).toEqual({
      text: 'Administrator #3',
      href: '/account-setting?tab=admins',
    });
    expect(describeTarget('content:about-us:fr', words)).toEqual({
      text: 'About Us (FR)',
      href: '/aboutus?lang=fr',
    });
    expect(describeTarget('puzzles:5', words)).toEqual({ text: 'Puzzle #5' });
    // By name where the server knows it, keeping the id that tells two of a name apart.
    // A puzzle or a notification has no screen of its own: its list, searched for its name.
    expect(describeTarget('puzzles:5', words, 'Morning Kakuro')).toEqual({
      text: 'Morning Kakuro (Puzzle #5)',
      href: '/puzzles?search=Morning%20Kakuro',
    });
    expect(describeTarget('notifications:9', words, 'Weekend & more')).toEqual({
      text: 'Weekend & more (Notification #9)',
      href: '/notifications?search=Weekend%20%26%20more',
    });
    expect(describeTarget('notifications:9', words)).toEqual({ text: 'Notification #9' });
    expect(describeTarget('users:12', words, 'Ann Lee')).toEqual({
      text: 'Ann Lee (User #12)',
      href: '/users?open=12',
    });
    expect(describeTarget('sessions:4', words)).toEqual({ text: 'Session #4' });
    expect(describeTarget('users:1,2,3', words)).toEqual({ text: 'users:1,2,3' });
    expect(describeTarget('users:12/../x', words)).toEqual({ text: 'users:12/../x' });
    expect(describeTarget('about-us:xx', words)).toEqual({ text: 'about-us:xx' });
    expect(describeTarget('content:about-us:fr:x', words)).toEqual({ text: 'content:about-us:fr:x' });
    expect(describeTarget(null, words)).toBeNull();
  });

  it('names roles, pages and endpoints in words, never by key or path', () => {
    const roles = '/account-setting?tab=roles';
    expect(describeTarget('roles:owner', words)).toEqual({ text: 'Role “Owner”', href: roles });
    expect(describeTarget('roles:custom-62c337ed7e01', words, 'Night shift')).toEqual({
      text: 'Role “Night shift”',
      href: roles,
    });
    expect(describeTarget('roles:custom-62c337ed7e01', words)).toEqual({
      text: 'A deleted role',
      href: roles,
    });
    expect(describeTarget('route:/audit', words)).toEqual({ text: 'Page “Audit Log”', href: '/audit' });
    expect(describeTarget('route:/users/12', words)).toEqual({
      text: 'Page “User Management”',
      href: '/users',
    });
    expect(describeTarget('route:/account-setting', words)).toMatchObject({ href: '/account-setting' });
    expect(describeTarget('route:/api/admin/getusers', words)).toEqual({ text: 'API: getusers' });
    expect(describeTarget('route:/nowhere', words)).toEqual({ text: '/nowhere' });
    const fr = auditWords(getT('fr'));
    expect(describeTarget('roles:owner', fr)?.text).toBe('Rôle «\u00a0Propriétaire\u00a0»');
  });

  it('says the reason and counts of a JSON detail, and plain text as it is', () => {
    expect(
      describeDetail(
        JSON.stringify({ reason: 'Spam', updated: 1200, match: { search: 'x' } }),
        words,
        formats,
      ),
    ).toEqual(['Reason: Spam', 'Users changed: 1,200']);
    expect(describeDetail(JSON.stringify({ sessions: 2 }), words, formats)).toEqual(['Sessions: 2']);
    expect(describeDetail('wrong code 3 in a row', words, formats)).toEqual(['wrong code 3 in a row']);
    expect(describeDetail('42', words, formats)).toEqual(['42']);
    expect(describeDetail(null, words, formats)).toEqual([]);
  });

  it('sums up a public page’s edit: its title, then how many paragraphs changed, in the language’s plural', () => {
    const edit = JSON.stringify({ changes: { title: ['About', 'About us'] }, paragraphs: 3 });
    expect(describeDetail(edit, words, formats)).toEqual(['Title: About → About us', '3 paragraphs changed']);
    expect(describeDetail(JSON.stringify({ paragraphs: 1 }), words, formats)).toEqual([
      '1 paragraph changed',
    ]);
    const ro = auditWords(getT('ro'));
    expect(describeDetail(JSON.stringify({ paragraphs: 3 }), ro, formats)).toEqual([
      '3 paragrafe modificate',
    ]);
  });

  it('says each changed field, before → after, with empty values, instants and photos in words', () => {
    const detail = JSON.stringify({
      revision: 4,
      changes: {
        first_name: ['Ann', 'Anna'],
        phone: [null, '+40 700'],
        scheduled_at: ['2026-12-01T10:00:00.000Z', '2026-12-02T10:00:00.000Z'],
        profile: ['abc', null],
        odd_field: [1, 2],
        broken: 'not a pair',
      },
    });
    expect(describeDetail(detail, words, formats)).toEqual([
      'Restored from revision #4',
      'First name: Ann → Anna',
      'Phone: (empty) → +40 700',
      'Scheduled time: at 2026-12-01 → at 2026-12-02',
      'Photo changed',
      'odd_field: 1 → 2',
    ]);
  });
});
