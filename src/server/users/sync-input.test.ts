import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n';
import { checkRows, dropRepeats } from './sync-input';

const t = getT('en');
const row = (n: number, extra: Record<string, unknown> = {}) => ({
  external_id: `e${n}`,
  first_name: 'First',
  last_name: 'Last',
  email: `u${n}@example.test`,
  ...extra,
});

describe('checkRows', () => {
  it('keeps good rows with their index and names the first bad field of each bad one', () => {
    const { valid, rejected } = checkRows(
      [
        row(0),
        row(1, { email: 'nope', first_name: '' }),
        7,
        row(3, { status: 'deleted' }),
        row(4, { external_id: 99 }),
      ],
      t,
    );
    expect(valid.map((user) => [user.index, user.external_id])).toEqual([
      [0, 'e0'],
      [4, '99'],
    ]);
    expect(rejected).toEqual([
      {
        index: 1,
        external_id: 'e1',
        field: 'first_name',
        code: 'invalid',
        reason: 'This field is required.',
      },
      { index: 2, external_id: null, field: 'row', code: 'invalid', reason: expect.any(String) },
      {
        index: 3,
        external_id: 'e3',
        field: 'status',
        code: 'invalid',
        reason: 'Must be one of: active, blocked.',
      },
    ]);
  });

  it('leaves phone and status undefined when left out, and reads null or "" as "no phone"', () => {
    const { valid } = checkRows([row(0), row(1, { phone: null }), row(2, { phone: '' })], t);
    expect(valid.map(({ phone, status }) => ({ phone, status }))).toEqual([
      { phone: undefined, status: undefined },
      { phone: null, status: undefined },
      { phone: null, status: undefined },
    ]);
  });
});

describe('dropRepeats', () => {
  it('keeps the first row for each external id and each email (any case), naming the earlier one', () => {
    const { valid } = checkRows(
      [row(0), row(1, { external_id: 'e0' }), row(2, { email: 'U0@EXAMPLE.test' }), row(3)],
      t,
    );
    const { accepted, rejected } = dropRepeats(valid, t);
    expect(accepted.map((user) => user.index)).toEqual([0, 3]);
    expect(rejected.map(({ index, field, code }) => ({ index, field, code }))).toEqual([
      { index: 1, field: 'external_id', code: 'duplicate_external_id' },
      { index: 2, field: 'email', code: 'duplicate_email' },
    ]);
    expect(rejected[1]!.reason).toContain('users[0]');
  });
});
