/**
 * The link addresses CMS text may hold: a web address with a host (`https://` alone is not one), a
 * mail address, or a path on this site. The editor refuses anything else and the sanitizer drops
 * it, so a visitor never follows a link that goes nowhere.
 */
export function isAllowedLinkUrl(value: string): boolean {
  // A site path, but not `//host` (protocol-relative: another site) nor `/\host`, which browsers
  // also read as another site.
  if (/^\/(?![/\\])/.test(value)) return parseUrl(value, 'https://site.invalid') !== null;
  const url = parseUrl(value);
  if (!url) return false;
  if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(url.pathname);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** `new URL` without the throw: null for an address that does not parse. */
export function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
