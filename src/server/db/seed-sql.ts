import { sql, type SQL } from 'drizzle-orm';
import * as data from './seed-data';
import type { AuditAction } from '../../shared/audit/vocabulary';

/**
 * The statements behind seed.ts. Each one is a single INSERT … SELECT over generate_series that
 * answers with how many rows it added (`n`, or `first` and `second` when it fills two tables).
 * Word lists are inlined as constant arrays, which the planner folds once per statement.
 */

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const array = (values: readonly string[]) => sql.raw(`ARRAY[${values.map(literal).join(', ')}]::text[]`);
/** `list[1 + index % length]`: cycles through a word list with any integer expression. */
const pick = (values: readonly string[], index: string) =>
  sql`(${array(values)})[1 + (${sql.raw(index)}) % ${sql.raw(String(values.length))}]`;

const counted = (insert: SQL) => sql`WITH ins AS (${insert} RETURNING 1) SELECT count(*)::int AS n FROM ins`;

/**
 * Ids come from the identity sequence inside the SELECT so the e-mail can carry the id: unique on
 * every run, whatever is already in the table. `sequence` must be the catalogue's own name: as a
 * literal it is resolved once; a per-row lookup costs about 9 s per million rows on PGlite.
 */
export function usersInsert(sequence: string, rows: number): SQL {
  const lower = (names: readonly string[]) => names.map((name) => name.toLowerCase());
  const first = (names: readonly string[]) => pick(names, 's.id');
  // Every (first, last) pair once per 2,500 ids, and all 50 of each within any 50 ids.
  const last = (names: readonly string[]) => pick(names, 's.id::bigint * 7 + s.id / 50');
  return counted(sql`
    INSERT INTO users (id, first_name, last_name, email, phone, status, last_active_at, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT s.id, ${first(data.FIRST_NAMES)}, ${last(data.LAST_NAMES)},
      ${first(lower(data.FIRST_NAMES))} || '.' || ${last(lower(data.LAST_NAMES))} || '.' || s.id || '@example.com',
      CASE WHEN random() < 0.9 THEN '+1 555 ' || (1000000 + s.id::bigint * 7919 % 9000000) END,
      CASE WHEN random() < 0.08 THEN 'blocked' ELSE 'active' END,
      s.created_at + random() * (now() - s.created_at),
      s.created_at, s.created_at
    FROM (
      SELECT nextval(${sql.raw(literal(sequence))}::regclass)::int AS id,
        now() - random() * interval '365 days' AS created_at
      FROM generate_series(1, ${rows}::int)
    ) s`);
}

/** Tops the catalogue up to `target` puzzles; a few drafts and archived ones among them. */
export function puzzlesInsert(target: number): SQL {
  const categories = data.PUZZLE_CATEGORIES.map(({ category }) => category);
  const contents = data.PUZZLE_CATEGORIES.map(({ category, rules }) =>
    data.puzzleContentText(category, rules),
  );
  return counted(sql`
    INSERT INTO puzzles (title, category, difficulty, status, content, created_at, updated_at)
    SELECT ${pick(data.PUZZLE_ADJECTIVES, `g / ${categories.length}`)} || ' ' || ${pick(categories, 'g')},
      ${pick(categories, 'g')}, ${pick(['easy', 'medium', 'hard'], 'g')},
      CASE g % 20 WHEN 7 THEN 'draft' WHEN 13 THEN 'archived' ELSE 'published' END,
      ${pick(contents, 'g')}, s.at, s.at
    FROM (
      SELECT g, now() - random() * interval '400 days' AS at
      FROM generate_series((SELECT count(*)::int FROM puzzles) + 1, ${target}::int) g
    ) s`);
}

/**
 * Plays by existing users on puzzles that are not drafts (or any puzzle, if all are), each after
 * its player signed up. Ids are read from the tables, so gaps left by deletions do not matter; the
 * squared random makes a few players far more active than the rest, as in real products.
 */
export function gamesInsert(rows: number): SQL {
  return sql`
    WITH players AS MATERIALIZED (
      SELECT array_agg(id) AS ids, array_agg(created_at) AS joined, count(*)::int AS n FROM users
    ),
    boards AS MATERIALIZED (
      SELECT coalesce(array_agg(id) FILTER (WHERE status <> 'draft'), array_agg(id)) AS ids FROM puzzles
    ),
    plays AS (
      SELECT (SELECT ids FROM players)[k] AS user_id, (SELECT joined FROM players)[k] AS joined,
        (SELECT ids FROM boards)[b] AS puzzle_id, r
      FROM (
        SELECT 1 + floor(power(random(), 2) * (SELECT n FROM players))::int AS k,
          1 + floor(random() * (SELECT cardinality(ids) FROM boards))::int AS b,
          random() AS r
        FROM generate_series(1, ${rows}::int)
      ) s
    ),
    ins AS (
      INSERT INTO game_history (user_id, puzzle_id, score, duration, result, played_at, created_at, updated_at)
      SELECT user_id, puzzle_id, score, duration, result, at, at, at
      FROM (
        SELECT user_id, puzzle_id,
          CASE WHEN r < 0.55 THEN 'won' WHEN r < 0.85 THEN 'lost' ELSE 'abandoned' END AS result,
          CASE WHEN r < 0.55 THEN 400 + floor(random() * 600) WHEN r < 0.85 THEN floor(random() * 400)
            ELSE floor(random() * 150) END::int AS score,
          (30 + floor(power(random(), 2) * 1800))::int AS duration,
          joined + random() * (now() - joined) AS at
        FROM plays
      ) g
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ins`;
}

/**
 * Notifications with their recipient rows in one statement, so recipient_count always matches.
 * Each one reaches a run of distinct users from a spread-out starting point; the first two reach
 * everyone while there are at most `allUsersLimit` users. Each is `sent`; about 40 % of its
 * recipients have read it, the first `read_count` of its run, so read_count matches the rows too.
 */
export function notificationsInsert(count: number, maxRecipients: number, allUsersLimit: number): SQL {
  const titles = data.NOTIFICATIONS.map(({ title }) => title);
  const messages = data.NOTIFICATIONS.map(({ message }) => message);
  return sql`
    WITH pool AS MATERIALIZED (SELECT array_agg(id) AS ids, count(*)::int AS n FROM users),
    notes AS (
      INSERT INTO notifications (title, message, audience, state, recipient_count, read_count,
        created_by, sent_at, created_at, updated_at)
      SELECT ${pick(titles, 'g')}, ${pick(messages, 'g')},
        CASE WHEN everyone THEN 'all' ELSE 'users' END, 'sent',
        recipients, floor(recipients * (0.2 + random() * 0.4))::int,
        (SELECT min(id) FROM admins), at, at, at
      FROM (
        SELECT g, everyone, at,
          CASE WHEN everyone THEN n ELSE least(n, 1 + floor(random() * ${maxRecipients}::int)::int) END AS recipients
        FROM (
          SELECT g, n, g <= 2 AND n <= ${allUsersLimit}::int AS everyone, now() - random() * interval '180 days' AS at
          FROM generate_series(1, ${count}::int) g, pool
        ) p
      ) s
      RETURNING id, audience, recipient_count, read_count, created_at
    ),
    recipients AS (
      INSERT INTO notification_recipients (notification_id, user_id, read_at, created_at)
      SELECT notes.id,
        (SELECT ids FROM pool)[1 + ((CASE WHEN notes.audience = 'all' THEN 0 ELSE notes.id::bigint * 7919 END + j)
          % (SELECT n FROM pool))::int],
        CASE WHEN j < notes.read_count THEN notes.created_at + random() * (now() - notes.created_at) END,
        notes.created_at
      FROM notes, generate_series(0, notes.recipient_count - 1) j
      RETURNING 1
    )
    SELECT (SELECT count(*)::int FROM notes) AS first, (SELECT count(*)::int FROM recipients) AS second`;
}

/**
 * Help-center queries from random users; those in progress or resolved carry one or two replies,
 * `REPLY_GAP` apart, so each query's reply count, last activity and waiting time match its replies.
 * Open ones are waiting since they arrived; those in progress are assigned to the first admin.
 */
export function supportInsert(count: number): SQL {
  const subjects = data.SUPPORT_QUERIES.map(({ subject }) => subject);
  const messages = data.SUPPORT_QUERIES.map(({ message }) => message);
  const gap = sql`interval '5 hours'`;
  return sql`
    WITH pool AS MATERIALIZED (SELECT array_agg(id) AS ids, count(*)::int AS n FROM users),
    queries AS (
      INSERT INTO support_queries (user_id, subject, message, status, assignee_id, waiting_since,
        reply_count, last_message_at, created_at, updated_at)
      SELECT (SELECT ids FROM pool)[1 + floor(random() * (SELECT n FROM pool))::int],
        ${pick(subjects, 'g')}, ${pick(messages, 'g')}, status,
        CASE WHEN status = 'in_progress' THEN (SELECT min(id) FROM admins) END,
        CASE WHEN status = 'open' THEN at END,
        replies, at + replies * ${gap}, at, at + replies * ${gap}
      FROM (
        SELECT g, at, status, CASE status WHEN 'resolved' THEN 2 WHEN 'in_progress' THEN 1 ELSE 0 END AS replies
        FROM (
          SELECT g, now() - interval '10 hours' - random() * interval '90 days' AS at,
            CASE WHEN r < 0.4 THEN 'open' WHEN r < 0.65 THEN 'in_progress' ELSE 'resolved' END AS status
          FROM (SELECT g, random() AS r FROM generate_series(1, least(${count}::int, (SELECT n FROM pool))) g) s
        ) t
      ) u
      RETURNING id, reply_count, created_at
    ),
    replies AS (
      INSERT INTO support_replies (query_id, admin_id, kind, message, created_at, updated_at)
      SELECT id, (SELECT min(id) FROM admins), 'reply', ${pick(data.SUPPORT_REPLIES, 'id + k')}, at, at
      FROM (
        SELECT q.id, k, q.created_at + k * ${gap} AS at
        FROM queries q, generate_series(1, q.reply_count) k
      ) r
      RETURNING 1
    )
    SELECT (SELECT count(*)::int FROM queries) AS first, (SELECT count(*)::int FROM replies) AS second`;
}

/** What the demo administrators do, most often first: each action with the kind of thing it is about. */
const AUDIT_ACTIONS: readonly [action: AuditAction, target: string][] = [
  ['auth.login', 'self'],
  ['users.update', 'users'],
  ['support.reply', 'support'],
  ['users.block', 'users'],
  ['auth.logout', 'self'],
  ['support.status', 'support'],
  ['notifications.send', 'notifications'],
  ['puzzles.update', 'puzzles'],
  ['users.unblock', 'users'],
  ['support.assign', 'support'],
  ['users.create', 'users'],
  ['puzzles.create', 'puzzles'],
  ['notifications.schedule', 'notifications'],
  ['content.update', 'page'],
  ['auth.login_failed', 'self'],
  ['games.export', 'none'],
  ['profile.update', 'self'],
  ['permission.denied', 'none'],
  ['admins.role', 'admins'],
  ['apikeys.create', 'apikeys'],
];

/** The demo administrators behind the demo audit trail: `count` of them, made once (by their e-mail). */
export function demoAdminsInsert(count: number): SQL {
  return counted(sql`
    INSERT INTO admins (first_name, last_name, email, password_hash, role, status)
    SELECT ${pick(data.FIRST_NAMES, 'g')}, ${pick(data.LAST_NAMES, 'g * 7')}, 'demo.admin.' || g || '@example.com',
      'none$demo', CASE WHEN g % 5 = 0 THEN 'support' ELSE 'administrator' END, 'active'
    FROM generate_series(1, ${count}::int) AS g
    ON CONFLICT DO NOTHING`);
}

/**
 * Audit entries by the demo administrators over the last year, newest last. Targets point at
 * real-looking ids of each kind; a sign-in is about the admin themself; every tenth edit says
 * which field it changed, as a real edit does.
 */
export function auditInsert(rows: number): SQL {
  const actions = AUDIT_ACTIONS.map(([action]) => action);
  const kinds = AUDIT_ACTIONS.map(([, kind]) => kind);
  // Squared, so the first actions in the list are the common ones.
  const index = `floor(power(random(), 2) * ${AUDIT_ACTIONS.length})::int`;
  return sql`
    WITH crew AS MATERIALIZED (
      SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM admins WHERE email LIKE 'demo.admin.%@example.com'
    ),
    entries AS (
      SELECT (SELECT ids FROM crew)[1 + floor(random() * (SELECT n FROM crew))::int] AS admin_id,
        (${array(actions)})[1 + a] AS action, (${array(kinds)})[1 + a] AS kind,
        1 + floor(random() * 100000)::int AS thing, g
      FROM (SELECT ${sql.raw(index)} AS a, g FROM generate_series(1, ${rows}::int) AS g) s
    ),
    ins AS (
      INSERT INTO audit_log (admin_id, actor_name, actor_email, action, target, detail, ip, at)
      SELECT admin_id, nullif(trim(ad.first_name || ' ' || ad.last_name), ''), ad.email, action,
        CASE kind WHEN 'self' THEN 'admins:' || admin_id WHEN 'none' THEN NULL
          WHEN 'page' THEN 'content:' || (ARRAY['about-us', 'privacy-policy', 'terms-and-conditions'])[1 + thing % 3]
            || ':' || (ARRAY['en', 'fr', 'ro', 'zh'])[1 + thing % 4]
          ELSE kind || ':' || thing END,
        CASE WHEN action = 'users.update' AND g % 10 = 0
          THEN '{"changes":{"phone":[null,"+1 555 ' || (1000000 + thing) || '"]}}' END,
        '10.' || (g % 200) || '.' || (g / 200 % 250) || '.' || (1 + g % 250),
        now() - random() * interval '365 days'
      FROM entries JOIN admins AS ad ON ad.id = entries.admin_id
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM ins`;
}
