import { fill } from '../../lib/labels';

interface Words {
  unknown: string;
  user: string;
  session: string;
  reason: string;
  sessions: string;
  updated: string;
}

/** The action in words: its catalogue phrase, or "Other action (code)" for one not worded yet. */
export function actionWords(action: string, actions: Record<string, string>, words: Pick<Words, 'unknown'>) {
  return Object.hasOwn(actions, action) ? actions[action]! : fill(words.unknown, { action });
}

/** What an entry was about: `user:12` links to that user; other targets show as written. */
export function describeTarget(
  target: string | null,
  words: Pick<Words, 'user' | 'session'>,
): { text: string; href?: string } | null {
  if (!target) return null;
  const [, kind, id] = /^(user|session):(\d+)$/.exec(target) ?? [];
  if (kind === 'user') return { text: fill(words.user, { id: id! }), href: `/users?open=${id}` };
  if (kind === 'session') return { text: fill(words.session, { id: id! }) };
  return { text: target };
}

/**
 * The detail worth a person's eye. Details written as JSON give their reason and counts in
 * words; the rest (a match filter, internal notes) stays in the log. Plain text shows as it is.
 */
export function describeDetail(
  detail: string | null,
  words: Pick<Words, 'reason' | 'sessions' | 'updated'>,
  formatCount: (value: number) => string,
): string[] {
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
    said.push(fill(words.updated, { count: formatCount(facts.updated) }));
  if (typeof facts.sessions === 'number')
    said.push(fill(words.sessions, { count: formatCount(facts.sessions) }));
  return said;
}
