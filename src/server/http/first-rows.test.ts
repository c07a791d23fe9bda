import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRows } from './first-rows';

const page = { url: new URL('http://admin.test/users?page=2') };
afterEach(() => vi.restoreAllMocks());

describe('firstRows', () => {
  it('passes the rows through', async () => {
    expect(await firstRows(page, Promise.resolve({ list: [1], total: 1 }))).toEqual({ list: [1], total: 1 });
  });

  it('answers the fallback when reading fails, and logs the cause with the path (not the query)', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    expect(await firstRows(page, Promise.reject(new Error('relation "users" is gone')))).toBeNull();
    expect(await firstRows(page, Promise.reject(new Error('again')), [])).toEqual([]);
    const lines = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'error', event: 'page.first_rows_failed', path: '/users' });
    expect(JSON.stringify(lines[0])).toContain('relation');
  });
});
