import { describe, expect, it } from 'vitest';
import { idempotencyKeys, newIdempotencyKey } from './idempotency-key';
import { excerpt } from './notification-list-spec';

describe('the composer’s Idempotency-Key', () => {
  it('is a random version 4 UUID', () => {
    const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey));
    expect(keys.size).toBe(200);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('stays the same for the same body (a retry, a second click) and changes with the body', () => {
    const keys = idempotencyKeys();
    const first = keys.keyFor({ title: 'Hi', message: 'There', user_ids: [1] });
    expect(keys.keyFor({ title: 'Hi', message: 'There', user_ids: [1] })).toBe(first);
    const edited = keys.keyFor({ title: 'Hi!', message: 'There', user_ids: [1] });
    expect(edited).not.toBe(first);
    expect(keys.keyFor({ title: 'Hi!', message: 'There', user_ids: [1] })).toBe(edited);
    // After a send went through, the same words again are a new message.
    keys.forget();
    expect(keys.keyFor({ title: 'Hi!', message: 'There', user_ids: [1] })).not.toBe(edited);
  });
});

describe('the message excerpt', () => {
  it('keeps short messages whole and cuts long ones on a whole character', () => {
    expect(excerpt('Short  and\nsweet')).toBe('Short and sweet');
    expect(excerpt('x'.repeat(80))).toBe('x'.repeat(80));
    expect(excerpt('x'.repeat(81))).toBe(`${'x'.repeat(79)}…`);
    expect(excerpt('🧩'.repeat(100), 10)).toBe(`${'🧩'.repeat(9)}…`);
  });
});
