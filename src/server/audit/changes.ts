/** One field's value as the trail keeps it: text, a number, a yes/no, or nothing. */
export type AuditValue = string | number | boolean | null;

/** Longer text is cut here: the trail says what changed; the area keeps whole versions (CMS revisions). */
export const AUDIT_VALUE_LIMIT = 120;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

function auditValue(value: unknown): AuditValue {
  const plain = comparable(value);
  if (plain === null || typeof plain === 'number' || typeof plain === 'boolean') return plain;
  const text = typeof plain === 'string' ? plain : JSON.stringify(plain);
  return text.length > AUDIT_VALUE_LIMIT ? `${text.slice(0, AUDIT_VALUE_LIMIT - 1)}…` : text;
}

/**
 * The fields an edit changed, `field: [before, after]`, named as the API names them (`firstName`
 * becomes `first_name`). Only the fields `after` holds are compared, so a caller passes exactly the
 * fields a person edits and never a secret, a hash or a token.
 */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [AuditValue, AuditValue]> {
  const changes: Record<string, [AuditValue, AuditValue]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(comparable(before[key])) === JSON.stringify(comparable(value))) continue;
    changes[snakeCase(key)] = [auditValue(before[key]), auditValue(value)];
  }
  return changes;
}

/** An edit's audit detail, `{"changes": {...}, ...facts}`; null when nothing changed and there are no facts. */
export function changesDetail(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  facts: Record<string, unknown> = {},
): string | null {
  const changes = fieldChanges(before, after);
  const detail = Object.keys(changes).length > 0 ? { changes, ...facts } : facts;
  return Object.keys(detail).length > 0 ? JSON.stringify(detail) : null;
}
