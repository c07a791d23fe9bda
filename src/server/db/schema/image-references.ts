import { admins } from './admins';
import { users } from './users';

/**
 * Every column that holds a stored image's URL (`/images/<hash>.webp`). The image store keeps an
 * image while any of them refers to it, so a table that stores images adds its column here, beside
 * its schema, and the store needs no change.
 */
export const IMAGE_REFERENCES = [users.profile, admins.profile] as const;
