import { describe, expect, it } from 'vitest';
import { composerBody, composerSchema, parsePrefill } from './composer-input';
import { editSchema } from './edit-input';

const params = (query: string) => new URLSearchParams(query);

describe('arriving from /users', () => {
  it('reads picked ids, dropping what is not an id and repeats', () => {
    expect(parsePrefill(params('user_ids=3,1,2'))).toEqual({
      choice: 'users',
      userIds: [3, 1, 2],
      status: null,
      search: '',
    });
    expect(parsePrefill(params('user_ids=3,,x,-4,3,0,1.5, 7'))?.userIds).toEqual([3, 7]);
    expect(parsePrefill(params('user_ids=99999999999'))?.userIds).toEqual([]);
    expect(parsePrefill(params('user_ids='))?.userIds).toEqual([]);
  });

  it('reads "all matching" as everyone, narrowed by the status and the search', () => {
    expect(parsePrefill(params('match_all=true'))).toEqual({
      choice: 'all',
      userIds: [],
      status: null,
      search: '',
    });
    expect(parsePrefill(params('match_search=%20ada%20'))).toEqual({
      choice: 'all',
      userIds: [],
      status: null,
      search: 'ada',
    });
    expect(parsePrefill(params('match_status=active&match_search=ada'))).toEqual({
      choice: 'status',
      userIds: [],
      status: 'active',
      search: 'ada',
    });
    // An unknown status is not guessed at.
    expect(parsePrefill(params('match_status=admin&match_search=x'))?.status).toBeNull();
  });

  it('opens nothing for an ordinary visit', () => {
    expect(parsePrefill(params(''))).toBeNull();
    expect(parsePrefill(params('page=2&state=sent'))).toBeNull();
    expect(parsePrefill(params('match_all=1'))).toBeNull();
  });
});

describe('the composer’s fields as the endpoint’s body', () => {
  const text = { title: 'Hello', message: 'A new puzzle is out' };

  it('sends chosen users as ids, everyone as all with its narrowing', () => {
    expect(composerBody({ ...text, audience: 'users', user_ids: '4,9' }, 'UTC')).toEqual({
      ...text,
      user_ids: [4, 9],
    });
    expect(composerBody({ ...text, audience: 'all', user_ids: '4', status: 'active' }, 'UTC')).toEqual({
      ...text,
      all: true,
    });
    expect(composerBody({ ...text, audience: 'status', status: 'active', search: 'ada' }, 'UTC')).toEqual({
      ...text,
      all: true,
      status: 'active',
      search: 'ada',
    });
  });

  it('converts the schedule from the admin’s zone, and names a bad one', () => {
    const later = { ...text, audience: 'users', user_ids: '4', later: 'on' };
    expect(
      composerBody({ ...later, scheduled_date: '2030-05-01', scheduled_time: '08:00' }, 'Europe/Bucharest')
        .scheduled_at,
    ).toBe('2030-05-01T05:00:00.000Z');
    // Unticked, the date and time are ignored.
    expect(
      composerBody({ ...later, later: '', scheduled_date: '2030-05-01', scheduled_time: '08:00' }, 'UTC'),
    ).not.toHaveProperty('scheduled_at');
    const bad = composerSchema('UTC').safeParse({
      ...later,
      scheduled_date: '2030-02-30',
      scheduled_time: '08:00',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['scheduled_at']);
  });

  it('lets the endpoint’s schema name what is missing', () => {
    const result = composerSchema('UTC').safeParse({
      title: ' ',
      message: '',
      audience: 'users',
      user_ids: '',
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['title', 'message', 'user_ids']));
  });

  it('edits the text, and the time only when the form shows it', () => {
    const fields = { id: '7', title: 'New', message: 'Text' };
    expect(editSchema('UTC').parse(fields)).toEqual({ id: 7, title: 'New', message: 'Text' });
    expect(
      editSchema('Asia/Shanghai').parse({ ...fields, scheduled_date: '2030-01-02', scheduled_time: '09:00' }),
    ).toEqual({ id: 7, title: 'New', message: 'Text', scheduled_at: '2030-01-02T01:00:00.000Z' });
    expect(
      editSchema('UTC').safeParse({ ...fields, scheduled_date: '', scheduled_time: '09:00' }).success,
    ).toBe(false);
  });
});
