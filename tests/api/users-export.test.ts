import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertManyUsers, insertUsers } from '../support/users';

let server: TestServer;
let cookie: Record<string, string>;
let picked: number[];

beforeAll(async () => {
  server = await startTestServer();
  cookie = { cookie: `session=${await createTestSession()}` };
  picked = await insertUsers([
    {
      firstName: '=HYPERLINK("http://evil.example")',
      lastName: '+1',
      email: 'csv1@example.test',
      phone: '-2',
    },
    { firstName: '@SUM(A1)', lastName: 'Comma, "Quoted"', email: 'csv2@example.test', status: 'blocked' },
    { firstName: 'Zoë', lastName: '李', email: 'csv3@example.test' },
    // Excel with French or Romanian settings splits cells on ';' (issue #38, item 8).
    { firstName: 'Al;=1+1;x', lastName: 'Tab\there', email: 'csv4@example.test' },
  ]);
  // More than one keyset batch.
  await insertManyUsers(5_100, 'Many');
});
afterAll(() => server?.stop());

const exportCsv = async (query = '') => {
  // The toolbar's download link, followed by the browser: same-origin (item 9 of issue #24).
  const response = await fetch(`${server.url}/api/admin/exportusers${query}`, {
    headers: { ...cookie, 'sec-fetch-site': 'same-origin' },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

/** RFC 4180 lines → cells (enough for these rows: quotes doubled, commas inside quotes). */
function parse(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

describe('the users CSV export', () => {
  it('streams every row as UTF-8 with a BOM, with formula cells neutralised', async () => {
    const { response, bytes } = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'status',
      'games_played',
      'created_at',
      'last_active_at',
    ]);
    expect(rows).toHaveLength(1 + 4 + 5_100);
    const ids = rows.slice(1).map((row) => Number(row[0]));
    expect(new Set(ids).size).toBe(ids.length);
    const byEmail = new Map(rows.map((row) => [row[3], row]));
    expect(byEmail.get('csv1@example.test')!.slice(1, 5)).toEqual([
      '\'=HYPERLINK("http://evil.example")',
      "'+1",
      'csv1@example.test',
      "'-2",
    ]);
    expect(byEmail.get('csv2@example.test')!.slice(1, 3)).toEqual(["'@SUM(A1)", 'Comma, "Quoted"']);
    expect(byEmail.get('csv3@example.test')!.slice(1, 3)).toEqual(['Zoë', '李']);
    expect(byEmail.get('csv4@example.test')!.slice(1, 3)).toEqual(["Al;'=1+1;x", 'Tab\there']);
    // Split the way a semicolon-separated spreadsheet splits, no unquoted cell starts a formula.
    const line = bytes
      .toString('utf8')
      .split('\r\n')
      .find((text) => text.includes('csv4@'))!;
    expect(line).toContain(`"Al;'=1+1;x","Tab\there"`);
    const semicolonCells = [...line.matchAll(/("(?:[^"]|"")*"|[^;]*)(?:;|$)/g)].map((m) => m[1]!);
    expect(semicolonCells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('exports only what the filter matches', async () => {
    const blocked = parse((await exportCsv('?status=blocked')).bytes.subarray(3).toString('utf8'));
    expect(blocked.slice(1).map((row) => row[3])).toEqual(['csv2@example.test']);
    const searched = parse((await exportCsv('?search=csv')).bytes.subarray(3).toString('utf8'));
    expect(searched).toHaveLength(5);
  });

  it('exports only the selected ids, within the filter', async () => {
    const [first, second, third] = picked as [number, number, number];
    const selected = parse((await exportCsv(`?ids=${third},${first}`)).bytes.subarray(3).toString('utf8'));
    expect(selected.slice(1).map((row) => row[3])).toEqual(['csv1@example.test', 'csv3@example.test']);
    const within = parse(
      (await exportCsv(`?ids=${first},${second}&status=blocked`)).bytes.subarray(3).toString('utf8'),
    );
    expect(within.slice(1).map((row) => row[3])).toEqual(['csv2@example.test']);
  });

  it('refuses an ids value that is not a list of positive integers, naming ids', async () => {
    for (const ids of ['abc', '1,,2', '0', '-1', '1.5', '', '99999999999']) {
      const { response, bytes } = await exportCsv(`?ids=${encodeURIComponent(ids)}`);
      expect(response.status, ids).toBe(400);
      expect(JSON.parse(bytes.toString('utf8')).errors, ids).toHaveProperty('ids');
    }
  });

  it('needs a session and a valid filter', async () => {
    expect((await fetch(`${server.url}/api/admin/exportusers`)).status).toBe(401);
    expect((await exportCsv('?status=nope')).response.status).toBe(400);
  });
});
