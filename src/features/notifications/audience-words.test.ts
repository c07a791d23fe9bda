import { describe, expect, it } from 'vitest';
import { audienceInWords, type AudienceShape } from './audience-words';

const words = {
  oneUser: 'One user',
  selectedUsers: { locale: 'en', one: '{{count}} selected user', other: '{{count}} selected users' },
  everyone: 'Everyone',
  everyoneStatus: 'Everyone with the status “{{status}}”',
  everyoneMatching: 'Everyone matching “{{search}}”',
  everyoneStatusMatching: 'Everyone with the status “{{status}}” matching “{{search}}”',
};
const statuses = { active: 'Active', blocked: 'Blocked' };
const say = (shape: Partial<AudienceShape>, locale: 'en' | 'fr' = 'en') =>
  audienceInWords(
    { audience: 'all', count: null, status: null, search: null, ...shape },
    words,
    statuses,
    locale,
  );

describe('the audience in words', () => {
  it('names chosen users by how many there were', () => {
    expect(say({ audience: 'users', count: 1 })).toBe('One user');
    expect(say({ audience: 'users', count: 3 })).toBe('3 selected users');
    expect(say({ audience: 'users', count: 12_500 })).toBe('12,500 selected users');
    expect(say({ audience: 'users', count: 12_500 }, 'fr')).toBe('12\u202f500 selected users');
  });

  it('names everyone, with the status and the search that narrowed it', () => {
    expect(say({})).toBe('Everyone');
    expect(say({ status: 'active' })).toBe('Everyone with the status “Active”');
    expect(say({ search: 'ada' })).toBe('Everyone matching “ada”');
    expect(say({ status: 'active', search: 'ada' })).toBe('Everyone with the status “Active” matching “ada”');
    // A blank search narrows nothing.
    expect(say({ search: '   ' })).toBe('Everyone');
  });

  it('keeps a typed search as it was, placeholders and all', () => {
    expect(say({ search: '{{status}} 100%' })).toBe('Everyone matching “{{status}} 100%”');
  });
});
