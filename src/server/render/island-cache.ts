/**
 * Server HTML of islands whose markup is a pure function of their props (no clock, no random
 * values, no per-request state), reused across requests. Used for the shell's islands, which are
 * the same on every page for a given language and admin, and for screens whose first rows are
 * props: the same rows in the same language render the same table.
 *
 * Why it cannot leak one admin's data to another: the key is the island's complete props (names,
 * labels, language) plus its useId prefix, so two requests share an entry only when the island
 * would have rendered the identical HTML for both. Nothing is keyed by session or cookie.
 * Bounded by size, not count (a screen's entry, rows and labels in its key, weighs a hundred
 * shell entries): the oldest entries go first once MAX_CHARS is reached, or per-admin entries
 * and every page of every list would grow without end.
 */
const CACHEABLE = Symbol.for('puzzle-admin.island-cache');
const MAX_CHARS = 16_000_000;

const entries = new Map<string, string>();
let heldChars = 0;
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

/** Keys of deeply frozen values (labels, ReadCache answers): they cannot change, so kept by identity. */
const frozenKeys = new WeakMap<object, string>();

/** JSON of `value`, or a throw of Unkeyable for what JSON would not tell apart (see propsKey). */
function partKey(value: unknown): string {
  if (value === null || typeof value !== 'object')
    return JSON.stringify(value, refuseUnkeyable) ?? 'undefined';
  const known = frozenKeys.get(value);
  if (known !== undefined) return known;
  let deeplyFrozen = true;
  const text = JSON.stringify(value, function (this: unknown, name: string, item: unknown) {
    // `this[name]` is the value before its toJSON(): a Date is never frozen for good.
    const original = (this as Record<string, unknown>)[name];
    if (
      original !== null &&
      typeof original === 'object' &&
      (original instanceof Date || !Object.isFrozen(original))
    ) {
      deeplyFrozen = false;
    }
    return refuseUnkeyable(name, item);
  });
  if (deeplyFrozen) frozenKeys.set(value, text);
  return text;
}

function refuseUnkeyable(_name: string, value: unknown): unknown {
  if (
    typeof value === 'function' ||
    typeof value === 'symbol' ||
    value instanceof Map ||
    value instanceof Set
  ) {
    throw new Unkeyable();
  }
  return value;
}

/**
 * The props as a key, or null when JSON would not tell two values apart (a function, a Map or a
 * Set all become `{}` or vanish): such a render is not cached.
 */
function propsKey(props: object): string | null {
  try {
    const parts: string[] = [];
    for (const [name, value] of Object.entries(props)) {
      if (value !== undefined) parts.push(`${JSON.stringify(name)}:${partKey(value)}`);
    }
    return `{${parts.join(',')}}`;
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
  const size = key.length + html.length;
  if (size > MAX_CHARS) return html;
  for (const [oldKey, oldHtml] of entries) {
    if (heldChars + size <= MAX_CHARS) break;
    entries.delete(oldKey);
    heldChars -= oldKey.length + oldHtml.length;
  }
  entries.set(key, html);
  heldChars += size;
  return html;
}

/** For tests: how many entries are held, and their keys' and HTML's length in characters. */
export function islandCacheSize(): { entries: number; chars: number } {
  return { entries: entries.size, chars: heldChars };
}
