import { describe, expect, it } from 'vitest';
import { getT } from '../i18n';
import { translate } from './labels';
import { UpdateUserInput, UserInput } from '../shared/users/user-input';
import { issuesToFieldErrors, textFields, validateForm, validationLabelKeys } from './form-errors';

const labels = translate(getT('en'), validationLabelKeys);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('checking a form with the endpoint schema', () => {
  it('names every missing or wrong field, with the catalogue words', () => {
    const errors = validateForm(
      UserInput,
      form({ first_name: ' ', last_name: '', email: 'nope', phone: 'x' }),
      labels,
    );
    expect(errors).toEqual({
      first_name: 'This field is required.',
      last_name: 'This field is required.',
      email: 'Enter a valid email address.',
      phone: 'Enter a valid phone number.',
    });
  });

  it('passes a good form, and an empty optional phone', () => {
    const good = {
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone: '',
      status: 'active',
    };
    expect(validateForm(UserInput, form(good), labels)).toEqual({});
  });

  it('says which limit was passed, with the number filled in', () => {
    const long = 'a'.repeat(101);
    const errors = validateForm(
      UserInput,
      form({ first_name: long, last_name: 'Lee', email: 'a@b.co' }),
      labels,
    );
    expect(errors).toEqual({ first_name: 'Must be at most 100 characters long.' });
  });

  it('checks the edit schema too (the id rides in a hidden field)', () => {
    const errors = validateForm(
      UpdateUserInput,
      form({ first_name: 'A', last_name: 'B', email: 'a@b.co' }),
      labels,
    );
    expect(Object.keys(errors)).toEqual(['id']);
  });

  it('keeps the first problem per field and names whole-body problems `body`', () => {
    const errors = issuesToFieldErrors(
      [
        { code: 'custom', path: ['email'], message: 'validation.email' },
        { code: 'custom', path: ['email'], message: 'validation.required' },
        { code: 'custom', path: [], message: 'anything' },
      ],
      labels,
    );
    expect(errors).toEqual({ email: 'Enter a valid email address.', body: 'This value is not valid.' });
  });

  it('reads text fields only (the image is checked on its own)', () => {
    const data = form({ first_name: 'Ann' });
    data.set('profile', new Blob(['x'], { type: 'image/png' }), 'a.png');
    expect(textFields(data)).toEqual({ first_name: 'Ann' });
  });
});
