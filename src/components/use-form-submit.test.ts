import { describe, expect, it } from 'vitest';
import { unfixedErrors } from './use-form-submit';

function formData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) data.append(name, one);
  return data;
}

describe('unfixedErrors', () => {
  const shown = { title: 'This field is required.', user_ids: 'Choose at least one user.' };

  it('drops a checked field’s error once the check passes, and keeps the rest', () => {
    const data = formData({ title: 'Hello', message: '' });
    expect(unfixedErrors(shown, { user_ids: 'Choose at least one user.' }, {}, data)).toEqual({
      user_ids: 'Choose at least one user.',
    });
    expect(unfixedErrors(shown, {}, {}, formData({ title: 'Hello', user_ids: '7' }))).toEqual({});
  });

  it('says what is wrong now while a field still fails', () => {
    const failing = { title: 'At least 3 characters.' };
    expect(
      unfixedErrors({ title: 'This field is required.' }, failing, {}, formData({ title: 'H' })),
    ).toEqual(failing);
  });

  it('never adds an error for a field that had none', () => {
    expect(unfixedErrors({}, { message: 'This field is required.' }, {}, formData({}))).toEqual({});
  });

  it('keeps a refused field’s error while it holds the refused value, a path under its field', () => {
    const errors = { email: 'This email is taken.', 'content.grid[2]': 'Row 3 is too long.' };
    const refused = { email: 'ann@example.test', 'content.grid[2]': '{"grid":[]}' };
    expect(
      unfixedErrors(errors, {}, refused, formData({ email: 'ann@example.test', content: '{"grid":[]}' })),
    ).toEqual(errors);
    expect(
      unfixedErrors(errors, {}, refused, formData({ email: 'bea@example.test', content: '{"grid":[]}' })),
    ).toEqual({ 'content.grid[2]': 'Row 3 is too long.' });
  });
});
