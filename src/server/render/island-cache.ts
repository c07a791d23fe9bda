/**
 * Server HTML of islands whose markup is a pure function of their props (no clock, no random
 * values, no per-request state), reused across requests. Used for the shell's islands, which are
 * the same on every page for a given language and admin.
 *
 * Why it cannot leak one admin's data to another: the key is the island's complete props (names,
 * labels, language) plus its useId prefix, so two requests share an entry only when the island
 * would have rendered the identical HTML for both. Nothing is keyed by session or cookie.
 * Bounded: the oldest entries go first once MAX_ENTRIES is reached (per-admin entries, such as
 * the header's name and photo, would otherwise grow with the number of admins).
 */
const CACHEABLE = Symbol.for('puzzle-admin.island-cache');
const MAX_ENTRIES = 2000;

const entries = new Map<string, string>();
const ids = new WeakMap<object, number>();
let nextId = 0;

/** Marks components as safe to cache (see above); idempotent. */
export function cacheIslandHtml(...components: object[]): void {
  for (const component of components) (component as Record<symbol, boolean>)[CACHEABLE] = true;
}

export function isCacheable(component: unknown): boolean {
  return (
    typeof component === 'function' && (component as unknown as Record<symbol, boolean>)[CACHEABLE] === true
  );
}

/** One number per component function, so two components with equal props never share an entry. */
function idOf(component: object): number {
  let id = ids.get(component);
  if (id === undefined) {
    id = nextId++;
    ids.set(component, id);
  }
  return id;
}

class Unkeyable extends Error {}

/**
 * The props as a key, or null when JSON would not tell two values apart (a function, a Map or a
 * Set all become `{}` or vanish): such a render is not cached.
 */
function propsKey(props: object): string | null {
  try {
    return JSON.stringify(props, (_name, value: unknown) => {
      if (
        typeof value === 'function' ||
        typeof value === 'symbol' ||
        value instanceof Map ||
        value instanceof Set
      ) {
        throw new Unkeyable();
      }
      return value;
    });
  } catch (error) {
    if (error instanceof Unkeyable) return null;
    throw error;
  }
}

export function cachedIslandHtml(
  component: object,
  prefix: string,
  props: object,
  render: () => string,
): string {
  const keyOfProps = propsKey(props);
  if (keyOfProps === null) return render();
  const key = `${idOf(component)} ${prefix} ${keyOfProps}`;
  const hit = entries.get(key);
  if (hit !== undefined) return hit;
  const html = render();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, html);
  return html;
}

/** For tests: how many entries are held. */
export function islandCacheSize(): number {
  return entries.size;
}
