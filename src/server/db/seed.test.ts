import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../tests/support/server';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { seedDemoData } from './seed';

interface Backend {
  name: string;
  open(): Promise<{ database: Database; cleanup(): Promise<void> }>;
}

/** Read once: other suites point DATABASE_URL at databases of their own while they run. */
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const backends: Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-seed-'));
      const database = await openDatabase({ dataDir });
      return {
        database,
        async cleanup() {
          await database.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (postgresUrl) {
  backends.push({
    name: 'PostgreSQL',
    async open() {
      // A database of its own on that server: the suite never touches rows it did not create.
      const fresh = (await freshPostgresDatabase(postgresUrl))!;
      const database = await openDatabase({ url: fresh.url, dataDir: os.tmpdir() });
      return {
        database,
        async cleanup() {
          await database.close();
          await fresh.drop();
        },
      };
    },
  });
}

describe.each(backends)('seedDemoData on $name', (backend) => {
  let database: Database;
  let cleanup: () => Promise<void>;

  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const value = async (query: SQL) => Number(Object.values((await rows<object>(query))[0] ?? {})[0]);
  const count = (table: string) => value(sql`SELECT count(*)::int FROM ${sql.identifier(table)}`);
  /** Every index and constraint on the two tables an exclusive seed rebuilds. */
  const structures = () =>
    rows<{ def: string }>(sql`
      SELECT indexdef AS def FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename IN ('users', 'game_history')
      UNION ALL
      SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
      WHERE conrelid IN ('users'::regclass, 'game_history'::regclass)
      ORDER BY 1`);

  beforeAll(async () => {
    ({ database, cleanup } = await backend.open());
    await migrate(database);
  });
  afterAll(() => cleanup?.());

  it('adds the requested users and plays, and the fixed-size demo content', async () => {
    const lines: string[] = [];
    const report = await seedDemoData(database, { users: 500, games: 2000 }, (line) => lines.push(line));
    expect(report.inserted).toEqual({
      users: 500,
      puzzles: 60,
      game_history: 2000,
      notifications: 30,
      notification_recipients: await count('notification_recipients'),
      support_queries: 200,
      support_replies: await count('support_replies'),
      cms_pages: 3,
      admins: 0,
      audit_log: 0,
    });
    for (const table of [
      'users',
      'puzzles',
      'game_history',
      'notifications',
      'support_queries',
      'cms_pages',
    ]) {
      expect(await count(table), table).toBe(report.inserted[table as keyof typeof report.inserted]);
    }
    expect(report.inserted.support_replies).toBeGreaterThan(0);
    expect(report.elapsedMs).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('users: 500 of 500'))).toBe(true);
  });

  it('gives users unique lower-case e-mails and believable fields', async () => {
    const [users] = await rows<Record<string, number>>(sql`
      SELECT count(*)::int AS total, count(DISTINCT email)::int AS distinct_emails,
        count(*) FILTER (WHERE email !~ '^[a-z]+\\.[a-z]+\\.[0-9]+@example\\.com$')::int AS odd_emails,
        count(*) FILTER (WHERE status = 'blocked')::int AS blocked,
        count(*) FILTER (WHERE status NOT IN ('active', 'blocked'))::int AS bad_status,
        count(*) FILTER (WHERE created_at < now() - interval '366 days' OR created_at > now())::int AS bad_created,
        count(*) FILTER (WHERE last_active_at < created_at OR last_active_at > now())::int AS bad_active,
        count(DISTINCT first_name)::int AS first_names, count(DISTINCT last_name)::int AS last_names
      FROM users`);
    expect(users).toMatchObject({ total: 500, distinct_emails: 500, odd_emails: 0, bad_status: 0 });
    expect(users).toMatchObject({ bad_created: 0, bad_active: 0, first_names: 50, last_names: 50 });
    // About 8 % blocked; the bounds leave room for chance with 500 users.
    expect(users!.blocked).toBeGreaterThan(10);
    expect(users!.blocked).toBeLessThan(80);
  });

  it('records plays of existing users on existing, non-draft puzzles after sign-up', async () => {
    const [plays] = await rows<Record<string, number>>(sql`
      SELECT count(*) FILTER (WHERE u.id IS NULL)::int AS orphan_users,
        count(*) FILTER (WHERE p.id IS NULL)::int AS orphan_puzzles,
        count(*) FILTER (WHERE p.status = 'draft')::int AS drafts,
        count(*) FILTER (WHERE g.played_at < u.created_at OR g.played_at > now())::int AS bad_time,
        count(DISTINCT g.result)::int AS results, count(DISTINCT g.user_id)::int AS players
      FROM game_history g LEFT JOIN users u ON u.id = g.user_id LEFT JOIN puzzles p ON p.id = g.puzzle_id`);
    expect(plays).toMatchObject({ orphan_users: 0, orphan_puzzles: 0, drafts: 0, bad_time: 0, results: 3 });
    expect(plays!.players).toBeGreaterThan(100);
  });

  it('keeps recipient_count equal to the recipient rows of each notification', async () => {
    const mismatches = await rows(sql`
      SELECT n.id FROM notifications n
      LEFT JOIN (SELECT notification_id, count(*)::int AS c FROM notification_recipients GROUP BY 1) r
        ON r.notification_id = n.id
      WHERE n.recipient_count <> coalesce(r.c, 0)`);
    expect(mismatches).toEqual([]);
    const unread = await rows(sql`
      SELECT n.id FROM notifications n
      LEFT JOIN (SELECT notification_id, count(read_at)::int AS c FROM notification_recipients GROUP BY 1) r
        ON r.notification_id = n.id
      WHERE n.read_count <> coalesce(r.c, 0) OR n.state <> 'sent' OR n.sent_at IS NULL`);
    expect(unread).toEqual([]);
    expect(await value(sql`SELECT sum(read_count)::int FROM notifications`)).toBeGreaterThan(0);
    const audiences = await rows<{ audience: string; notes: number; most: number }>(sql`
      SELECT audience, count(*)::int AS notes, max(recipient_count)::int AS most
      FROM notifications GROUP BY audience ORDER BY audience`);
    expect(audiences).toEqual([
      { audience: 'all', notes: 2, most: 500 },
      { audience: 'users', notes: 28, most: expect.any(Number) },
    ]);
    expect(audiences[1]!.most).toBeLessThanOrEqual(500);
  });

  it('answers some support queries and only those that are not open', async () => {
    const statuses = await rows<{ status: string }>(
      sql`SELECT DISTINCT status FROM support_queries ORDER BY 1`,
    );
    expect(statuses.map((row) => row.status)).toEqual(['in_progress', 'open', 'resolved']);
    const openWithReplies = await value(sql`
      SELECT count(*)::int FROM support_replies r JOIN support_queries q ON q.id = r.query_id WHERE q.status = 'open'`);
    expect(openWithReplies).toBe(0);
  });

  it("keeps each support query's reply count, last activity and wait true to its replies", async () => {
    const wrong = await value(sql`
      SELECT count(*)::int FROM support_queries q
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS n, max(created_at) AS last_at FROM support_replies r WHERE r.query_id = q.id
      ) r ON true
      WHERE q.reply_count <> r.n
        OR q.last_message_at <> coalesce(r.last_at, q.created_at)
        OR (q.waiting_since IS NOT NULL) <> (q.status = 'open')
        OR (q.assignee_id IS NOT NULL AND q.status <> 'in_progress')`);
    expect(wrong).toBe(0);
  });

  it('creates the three CMS pages with simple, script-free HTML', async () => {
    const pages = await rows<{ slug: string; content: string }>(
      sql`SELECT slug, content FROM cms_pages ORDER BY slug`,
    );
    expect(pages.map((page) => page.slug)).toEqual(['about-us', 'privacy-policy', 'terms-and-conditions']);
    for (const page of pages) {
      expect(page.content).toMatch(/^<h2>/);
      expect(page.content).not.toMatch(/<script|on\w+=|javascript:/i);
    }
  });

  it('adds more users on a second run and keeps edited CMS pages and the puzzle catalogue', async () => {
    await database.db.execute(sql`UPDATE cms_pages SET title = 'Our story' WHERE slug = 'about-us'`);
    // A page an admin saved empty (it has a revision) is theirs, not an empty page to fill.
    await database.db.execute(sql`UPDATE cms_pages SET content = '' WHERE slug = 'privacy-policy'`);
    await database.db.execute(sql`INSERT INTO cms_page_revisions (page_id, title, content)
      SELECT id, title, '' FROM cms_pages WHERE slug = 'privacy-policy'`);
    const report = await seedDemoData(database, { users: 100, games: 300 });
    expect(report.inserted).toMatchObject({ users: 100, game_history: 300, puzzles: 0, cms_pages: 0 });
    expect(await count('users')).toBe(600);
    expect(await value(sql`SELECT count(DISTINCT lower(email))::int FROM users`)).toBe(600);
    expect(await count('puzzles')).toBe(60);
    expect(await rows(sql`SELECT title FROM cms_pages WHERE slug = 'about-us'`)).toEqual([
      { title: 'Our story' },
    ]);
    expect(await rows(sql`SELECT content FROM cms_pages WHERE slug = 'privacy-policy'`)).toEqual([
      { content: '' },
    ]);
  });

  it('adds an audit trail by 50 demo administrators, made once, in the shape the product writes', async () => {
    const report = await seedDemoData(database, { users: 1, games: 0, audit: 3000 }, undefined, {
      exclusive: true,
    });
    expect(report.inserted).toMatchObject({ admins: 50, audit_log: 3000 });
    const [trail] = await rows<Record<string, number>>(sql`
      SELECT count(*)::int AS total, count(DISTINCT a.admin_id)::int AS admins,
        count(*) FILTER (WHERE d.email NOT LIKE 'demo.admin.%')::int AS others,
        count(*) FILTER (WHERE a.at > now() OR a.at < now() - interval '366 days')::int AS bad_time,
        count(*) FILTER (WHERE a.target !~ '^((users|admins|apikeys|puzzles|notifications|support):[0-9]+|content:(about-us|privacy-policy|terms-and-conditions):(en|fr|ro|zh))$')::int AS odd_targets,
        count(*) FILTER (WHERE a.detail IS NOT NULL AND (a.detail::jsonb -> 'changes') IS NULL)::int AS odd_details,
        count(DISTINCT a.action)::int AS actions
      FROM audit_log a JOIN admins d ON d.id = a.admin_id`);
    expect(trail).toMatchObject({
      total: 3000,
      admins: 50,
      others: 0,
      bad_time: 0,
      odd_targets: 0,
      odd_details: 0,
    });
    expect(trail!.actions).toBeGreaterThan(15);
    const again = await seedDemoData(database, { users: 1, games: 0, audit: 10 });
    expect(again.inserted).toMatchObject({ admins: 0, audit_log: 10 });
    expect(await value(sql`SELECT count(*)::int FROM admins WHERE email LIKE 'demo.admin.%'`)).toBe(50);
  });

  it('rebuilds exactly the indexes and foreign keys it drops in exclusive mode', async () => {
    const before = await structures();
    const users = await count('users');
    const report = await seedDemoData(database, { users: 700, games: 2500 }, undefined, { exclusive: true });
    expect(report.inserted).toMatchObject({ users: 700, game_history: 2500 });
    expect(await structures()).toEqual(before);
    expect(before.some((row) => row.def.includes('gin_trgm_ops'))).toBe(true);
    expect(await count('users')).toBe(users + 700);
  });

  it('rolls an exclusive seed back whole, indexes included, when the load fails', async () => {
    const before = {
      structures: await structures(),
      users: await count('users'),
      games: await count('game_history'),
    };
    await database.db.execute(
      sql.raw(`CREATE FUNCTION seed_test_fail() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER seed_test_fail BEFORE INSERT ON game_history
      FOR EACH STATEMENT EXECUTE FUNCTION seed_test_fail()`),
    );
    try {
      const seeding = seedDemoData(database, { users: 2000, games: 5000 }, undefined, { exclusive: true });
      await expect(seeding).rejects.toThrow();
    } finally {
      await database.db.execute(sql.raw('DROP TRIGGER seed_test_fail ON game_history'));
      await database.db.execute(sql.raw('DROP FUNCTION seed_test_fail()'));
    }
    expect(await count('users')).toBe(before.users);
    expect(await count('game_history')).toBe(before.games);
    expect(await structures()).toEqual(before.structures);
  });

  it('deletes the recipient rows of deleted users and notifications, as the cascades did', async () => {
    const [target] = await rows<{ user_id: number; notification_id: number }>(sql`
      SELECT user_id, notification_id FROM notification_recipients ORDER BY notification_id, user_id LIMIT 1`);
    const ofUser = () =>
      value(sql`SELECT count(*)::int FROM notification_recipients WHERE user_id = ${target!.user_id}`);
    const ofNote = () =>
      value(
        sql`SELECT count(*)::int FROM notification_recipients WHERE notification_id = ${target!.notification_id}`,
      );
    expect(await ofUser()).toBeGreaterThan(0);
    const total = await count('notification_recipients');
    const userRows = await ofUser();
    await database.db.execute(sql`DELETE FROM users WHERE id = ${target!.user_id}`);
    expect(await ofUser()).toBe(0);
    expect(await count('notification_recipients')).toBe(total - userRows);
    const noteRows = await ofNote();
    expect(noteRows).toBeGreaterThan(0);
    await database.db.execute(sql`DELETE FROM notifications WHERE id = ${target!.notification_id}`);
    expect(await ofNote()).toBe(0);
    expect(await count('notification_recipients')).toBe(total - userRows - noteRows);
  });

  it('refuses counts that are not whole numbers in range, naming the field, and adds nothing', async () => {
    const users = await count('users');
    for (const users of [0, -5, 1.5, Number.NaN, 1e9]) {
      await expect(seedDemoData(database, { users, games: 10 })).rejects.toThrow(/^users must be/);
    }
    for (const games of [-1, 0.5, Number.POSITIVE_INFINITY]) {
      await expect(seedDemoData(database, { users: 10, games })).rejects.toThrow(/^games must be/);
    }
    expect(await count('users')).toBe(users);
  });
});
