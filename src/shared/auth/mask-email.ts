const MASK = '•••';

/**
 * Shows enough of an address for the person to recognise it ("a•••@example.com") without
 * printing it in full on a screen someone else may be looking at.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const local = at >= 0 ? trimmed.slice(0, at) : trimmed;
  const domain = at >= 0 ? trimmed.slice(at) : '';
  // Array.from keeps a first character outside the BMP whole.
  const first = Array.from(local)[0] ?? '';
  return first ? `${first}${MASK}${domain}` : `${MASK}${domain}`;
}
