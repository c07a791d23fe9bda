import { describe, expect, it } from 'vitest';
import { drawerCookie, isDrawerClosed } from './drawer-cookie';

describe('the closed-drawer cookie', () => {
  it('is set for a year when the drawer is closed, and expired when it is opened again', () => {
    expect(drawerCookie(true, false)).toBe('drawer=closed; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(drawerCookie(false, true)).toBe('drawer=closed; Path=/; Max-Age=0; SameSite=Lax; Secure');
  });

  it('means closed only for its one value', () => {
    expect(isDrawerClosed('closed')).toBe(true);
    expect(isDrawerClosed('open')).toBe(false);
    expect(isDrawerClosed(undefined)).toBe(false);
  });
});
