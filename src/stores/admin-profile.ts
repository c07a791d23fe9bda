import { atom } from 'nanostores';
import type { AvatarPerson } from '../lib/avatar';

/**
 * The signed-in admin as the header shows them, once the profile page has saved a change: the
 * header island follows it, so the greeting and avatar change without a reload. Null until then
 * (the header shows what the server rendered); the next page is rendered from the saved row.
 */
export const $savedProfile = atom<AvatarPerson | null>(null);
