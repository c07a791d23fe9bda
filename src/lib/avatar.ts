/** A person as an avatar shows them: users and admins alike. */
export interface AvatarPerson {
  first_name: string;
  last_name: string;
  profile: string | null;
}

/** Up to two letters for an avatar without a photo. */
export function initials(person: { first_name: string; last_name: string }, tag: string): string {
  const first = (text: string) => Array.from(text.trim())[0] ?? '';
  return (first(person.first_name) + first(person.last_name)).toLocaleUpperCase(tag);
}

/** Only same-origin paths reach an `<img>`: the CSP allows no other origin, and browsers read `//x` and `/\x` as one. */
export function safeImage(url: string | null | undefined): string | null {
  return url && /^\/(?![/\\])/.test(url) ? url : null;
}
