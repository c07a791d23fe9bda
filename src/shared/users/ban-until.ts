import * as z from 'zod/mini';
import { isoInstant } from '../../lib/iso-instant';

/** A future instant; "future" on the server's clock, checked when the request is read. */
export const banUntil = z.pipe(
  z.pipe(
    isoInstant,
    z.string().check(z.refine((value) => Date.parse(value) > Date.now(), 'users.ban.untilPast')),
  ),
  z.transform((value) => new Date(value)),
);
