import { describe, expect, it } from 'vitest';
import { AUDIT_VALUE_LIMIT, changesDetail, fieldChanges } from './changes';

describe('fieldChanges', () => {
  it('keeps only what differs, named as the API names it', () => {
    expect(
      fieldChanges(
        { firstName: 'Ann', lastName: 'Lee', phone: null, status: 'active' },
        { firstName: 'Anna', lastName: 'Lee', phone: '+40 700', status: 'active' },
      ),
    ).toEqual({ first_name: ['Ann', 'Anna'], phone: [null, '+40 700'] });
  });

  it('compares only the fields the edit holds, dates as instants', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(fieldChanges({ passwordHash: 'x', at }, { at: new Date(at) })).toEqual({});
    expect(fieldChanges({ at }, { at: new Date('2026-01-03T00:00:00Z') })).toEqual({
      at: ['2026-01-02T03:04:05.000Z', '2026-01-03T00:00:00.000Z'],
    });
  });

  it('cuts long text so a page edit does not copy the page into the trail', () => {
    const [from, to] = fieldChanges({ content: 'a' }, { content: 'b'.repeat(5_000) }).content!;
    expect(from).toBe('a');
    expect(to).toHaveLength(AUDIT_VALUE_LIMIT);
    expect(String(to).endsWith('…')).toBe(true);
  });
});

describe('changesDetail', () => {
  it('is null when nothing changed, and keeps the facts it is given', () => {
    expect(changesDetail({ title: 'A' }, { title: 'A' })).toBeNull();
    expect(JSON.parse(changesDetail({ title: 'A' }, { title: 'A' }, { revision: 3 })!)).toEqual({
      revision: 3,
    });
    expect(JSON.parse(changesDetail({ title: 'A' }, { title: 'B' })!)).toEqual({
      changes: { title: ['A', 'B'] },
    });
  });
});
