import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { getT } from '../../i18n';
import { catalogueIssues } from '../../lib/zod-issues';
import { fieldErrors } from './validation';

const t = getT('en');

const Shape = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(5)),
  status: z.enum(['active', 'blocked']),
  all: z.optional(z.literal(true)),
  id: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
  from: z.optional(z.coerce.date()),
  pair: z.optional(z.tuple([z.number(), z.number()])),
});

const errorsOf = (value: unknown) => {
  const result = z.safeParse(Shape, value, catalogueIssues);
  return result.success ? {} : fieldErrors(result.error, t);
};

describe('zod issues in the catalogue words', () => {
  it('says "required" for a field left out or null, whatever its schema', () => {
    expect(errorsOf({})).toEqual({ name: 'This field is required.', status: 'This field is required.' });
    expect(errorsOf({ name: null, status: null })).toEqual({
      name: 'This field is required.',
      status: 'This field is required.',
    });
  });

  it('names the options of an enum, or its type when the value is not even text', () => {
    expect(errorsOf({ name: 'Ann', status: 'gone' })).toEqual({ status: 'Must be one of: active, blocked.' });
    expect(errorsOf({ name: 'Ann', status: 1 })).toEqual({
      status: "Expected a value of type 'active' | 'blocked'.",
    });
  });

  it('calls a wrong literal, a date that does not parse and a bad format simply not valid', () => {
    const base = { name: 'Ann', status: 'active' };
    expect(errorsOf({ ...base, all: false })).toEqual({ all: 'This value is not valid.' });
    expect(errorsOf({ ...base, from: 'someday' })).toEqual({ from: 'This value is not valid.' });
  });

  it('keeps the type names the messages always used (integer, array)', () => {
    const base = { name: 'Ann', status: 'active' };
    expect(errorsOf({ ...base, id: '1.5' })).toEqual({ id: 'Expected a value of type integer.' });
    expect(errorsOf({ ...base, pair: 'x' })).toEqual({ pair: 'Expected a value of type array.' });
  });

  it("gives the schema's own bound for an integer past 2^53, not zod's safe-integer one", () => {
    const base = { name: 'Ann', status: 'active' };
    expect(errorsOf({ ...base, id: '100000000000000000000' })).toEqual({ id: 'Must be at most 2147483647.' });
    expect(errorsOf({ ...base, name: 'Annabel' })).toEqual({ name: 'Must be at most 5 characters long.' });
  });
});
