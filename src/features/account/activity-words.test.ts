import { describe, expect, it } from 'vitest';
import { actionWords, describeDetail, describeTarget } from './activity-words';

const words = {
  unknown: 'Other action ({{action}})',
  user: 'User #{{id}}',
  session: 'Session #{{id}}',
  reason: 'Reason: {{reason}}',
  sessions: 'Sessions: {{count}}',
  updated: 'Users changed: {{count}}',
};

describe('activity in words', () => {
  it('words known actions and names unknown ones by their code', () => {
    const actions = { 'auth.login': 'Signed in' };
    expect(actionWords('auth.login', actions, words)).toBe('Signed in');
    expect(actionWords('apikey.create', actions, words)).toBe('Other action (apikey.create)');
    // Not fooled by the object's own machinery.
    expect(actionWords('toString', actions, words)).toBe('Other action (toString)');
  });

  it('links a user target and shows other targets as written', () => {
    expect(describeTarget('user:12', words)).toEqual({ text: 'User #12', href: '/users?open=12' });
    expect(describeTarget('session:4', words)).toEqual({ text: 'Session #4' });
    expect(describeTarget('users:1,2,3', words)).toEqual({ text: 'users:1,2,3' });
    expect(describeTarget('user:12/../x', words)).toEqual({ text: 'user:12/../x' });
    expect(describeTarget(null, words)).toBeNull();
  });

  it('says the reason and counts of a JSON detail, and plain text as it is', () => {
    const count = (value: number) => value.toLocaleString('en');
    expect(
      describeDetail(JSON.stringify({ reason: 'Spam', updated: 1200, match: { search: 'x' } }), words, count),
    ).toEqual(['Reason: Spam', 'Users changed: 1,200']);
    expect(describeDetail(JSON.stringify({ sessions: 2 }), words, count)).toEqual(['Sessions: 2']);
    expect(describeDetail('wrong code 3 in a row', words, count)).toEqual(['wrong code 3 in a row']);
    expect(describeDetail('42', words, count)).toEqual(['42']);
    expect(describeDetail(null, words, count)).toEqual([]);
  });
});
