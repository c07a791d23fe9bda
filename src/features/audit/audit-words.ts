import { isLocale } from '../../i18n/locales';
import { fill, plural, type PluralForms } from '../../lib/labels';
import { isCmsSlug, cmsEditorPath, type CmsSlug } from '../../shared/cms/cms-slugs';
import { accountTabHref } from '../../shared/account/account-tabs';
import type { AuditTargetKind } from '../../shared/audit/vocabulary';

interface Words {
  unknown: string;
  user: string;
  session: string;
  puzzle: string;
  notification: string;
  admin: string;
  apikey: string;
  role: string;
  support: string;
  page: string;
  named: string;
  /** `{{name}}`: a custom role by its name, a built-in one by its name in the catalogues. */
  roleNamed: string;
  /** A custom role since deleted whose name is not known any more. */
  roleGone: string;
  /** `{{page}}`: a signed-in page, by its title. */
  screen: string;
  /** `{{endpoint}}`: an endpoint of the admin API, by its name (`getusers`). */
  endpoint: string;
  reason: string;
  sessions: string;
  updated: string;
  change: string;
  changed: string;
  blank: string;
  revision: string;
  /** `{{count}}` paragraphs of a public page changed (its text is in its revisions, not here). */
  paragraphs?: PluralForms;
  /** A changed field's name in words, by its API name (`first_name`). */
  fields: Record<string, string>;
  /** The public pages' names, by slug. */
  pages: Record<CmsSlug, string>;
  /** The signed-in pages' titles, by path (`/audit`). */
  screens: Record<string, string>;
  /** The built-in roles' names, by key (`owner`). */
  roles: Record<string, string>;
}

/** The action in words: its catalogue phrase, or "Other action (code)" for one not worded yet. */
export function actionWords(action: string, actions: Record<string, string>, words: Pick<Words, 'unknown'>) {
  return Object.hasOwn(actions, action) ? actions[action]! : fill(words.unknown, { action });
}

/** Each kind of target an entry names by id (`users:12`), and the word for one ("User #12"). */
const KIND_WORD = {
  users: 'user',
  sessions: 'session',
  puzzles: 'puzzle',
  notifications: 'notification',
  admins: 'admin',
  apikeys: 'apikey',
  roles: 'role',
  support: 'support',
} as const satisfies Partial<Record<AuditTargetKind, keyof Words>>;
type TargetKind = keyof typeof KIND_WORD;

/** Its list, searched for what a target is called now: for the kinds with no screen of their own. */
const searchFor = (list: string) => (_id: string, name?: string) =>
  name ? `${list}?search=${encodeURIComponent(name)}` : undefined;

/**
 * Where a target's own screen is. A puzzle or a notification links to its list searched for its
 * name while it has one; a session, or a puzzle since removed, is named and not linked.
 */
const TARGET_HREF: Partial<Record<TargetKind, (id: string, name?: string) => string | undefined>> = {
  users: (id) => `/users?open=${id}`,
  support: (id) => `/help-center?open=${id}`,
  admins: () => accountTabHref('admins'),
  apikeys: () => accountTabHref('keys'),
  roles: () => accountTabHref('roles'),
  puzzles: searchFor('/puzzles'),
  notifications: searchFor('/notifications'),
};

const ID_TARGET = /^(users|sessions|puzzles|notifications|admins|apikeys|support):(\d{1,12})$/;
const ROLE_TARGET = /^roles:([a-z0-9-]{1,64})$/;

/**
 * What an entry was about, in words, linked where there is a page for it: `users:12` is "Ann Lee
 * (User #12)" on /users (by id alone once the user is gone), `roles:owner` the Owner role,
 * `content:about-us:fr` the About Us page's French version in its editor, `route:/audit` the audit log's
 * page and `route:/api/admin/getusers` "API: getusers". Other targets (a bulk selection) show as
 * written.
 */
export function describeTarget(
  target: string | null,
  words: Pick<
    Words,
    | (typeof KIND_WORD)[TargetKind]
    | 'page'
    | 'pages'
    | 'named'
    | 'roleNamed'
    | 'roleGone'
    | 'screen'
    | 'endpoint'
    | 'screens'
    | 'roles'
  >,
  /** What the server says the target is called now (`target_name`). */
  name?: string,
): { text: string; href?: string } | null {
  if (!target) return null;
  const [, role] = ROLE_TARGET.exec(target) ?? [];
  if (role) return { text: roleText(role, words, name), href: TARGET_HREF.roles!(role) };
  const [, kind, id] = ID_TARGET.exec(target) ?? [];
  if (kind && id) {
    const thing = fill(words[KIND_WORD[kind as TargetKind]], { id });
    const text = name ? fill(words.named, { name, thing }) : thing;
    const href = TARGET_HREF[kind as TargetKind]?.(id, name);
    return href ? { text, href } : { text };
  }
  const [, path] = /^route:(\/\S*)$/.exec(target) ?? [];
  if (path) return routeText(path, words);
  const [, slug, locale] = /^content:([a-z-]+):([a-z]{2})$/.exec(target) ?? [];
  if (isCmsSlug(slug) && isLocale(locale)) {
    return {
      text: fill(words.page, { page: words.pages[slug], locale: locale.toUpperCase() }),
      href: `${cmsEditorPath[slug]}?lang=${locale}`,
    };
  }
  return { text: target };
}

/** A role by its name: its own, the catalogues' for a built-in one; a key means nothing to a person. */
function roleText(
  key: string,
  words: Pick<Words, 'role' | 'roleNamed' | 'roleGone' | 'roles'>,
  name?: string,
) {
  const known = name ?? (Object.hasOwn(words.roles, key) ? words.roles[key] : undefined);
  if (known) return fill(words.roleNamed, { name: known });
  return key.startsWith('custom-') ? words.roleGone : fill(words.role, { id: key });
}

const API_PREFIX = /^\/api\/(?:admin|account|app)\//;

/**
 * A route an admin was refused: an endpoint by its name, a page by its title (the longest path it
 * falls under, so `/users/12` is the users' page) and linked; an unknown path as written.
 */
function routeText(path: string, words: Pick<Words, 'screen' | 'endpoint' | 'screens'>) {
  if (API_PREFIX.test(path))
    return { text: fill(words.endpoint, { endpoint: path.replace(API_PREFIX, '') }) };
  const page = Object.keys(words.screens)
    .filter((url) => path === url || path.startsWith(`${url}/`))
    .sort((a, b) => b.length - a.length)[0];
  return page ? { text: fill(words.screen, { page: words.screens[page]! }), href: page } : { text: path };
}

export interface DetailFormats {
  count: (value: number) => string;
  /** An instant (ISO text) as the admin reads times. */
  instant: (iso: string) => string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function changeLines(changes: unknown, words: Words, formats: DetailFormats): string[] {
  if (typeof changes !== 'object' || changes === null) return [];
  const value = (raw: unknown) => {
    if (raw === null || raw === '') return words.blank;
    if (typeof raw === 'number') return formats.count(raw);
    const text = String(raw);
    return ISO_INSTANT.test(text) ? formats.instant(text) : text;
  };
  return Object.entries(changes).flatMap(([field, pair]) => {
    if (!Array.isArray(pair) || pair.length !== 2) return [];
    const name = Object.hasOwn(words.fields, field) ? words.fields[field]! : field;
    // A photo's before and after are image hashes: that it changed is what a person needs.
    if (field === 'profile') return [fill(words.changed, { field: name })];
    return [fill(words.change, { field: name, from: value(pair[0]), to: value(pair[1]) })];
  });
}

/**
 * The detail worth a person's eye. Details written as JSON give their reason, counts and each
 * changed field (before → after) in words; the rest (a match filter, internal notes) stays in the
 * log. Plain text shows as it is.
 */
export function describeDetail(detail: string | null, words: Words, formats: DetailFormats): string[] {
  if (!detail) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return [detail];
  }
  if (typeof parsed !== 'object' || parsed === null) return [detail];
  const facts = parsed as Record<string, unknown>;
  const said: string[] = [];
  if (typeof facts.reason === 'string' && facts.reason)
    said.push(fill(words.reason, { reason: facts.reason }));
  if (typeof facts.updated === 'number')
    said.push(fill(words.updated, { number: formats.count(facts.updated) }));
  if (typeof facts.sessions === 'number')
    said.push(fill(words.sessions, { number: formats.count(facts.sessions) }));
  if (typeof facts.revision === 'number') said.push(fill(words.revision, { id: String(facts.revision) }));
  const changed = changeLines(facts.changes, words, formats);
  if (typeof facts.paragraphs === 'number' && words.paragraphs)
    changed.push(plural(words.paragraphs, facts.paragraphs, { count: formats.count(facts.paragraphs) }));
  return [...said, ...changed];
}
