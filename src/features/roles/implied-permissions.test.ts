import { describe, expect, it } from 'vitest';
import { impliedPermissions } from './implied-permissions';

const note = (by: string, permission: string) => `${by} includes ${permission}`;

describe('impliedPermissions', () => {
  it('names what a ticked permission brings, and by whom', () => {
    expect([...impliedPermissions(['users.block'], note)]).toEqual([
      ['users.view', 'users.block includes users.view'],
    ]);
  });

  it('follows a chain: sending to everyone brings sending, which brings seeing', () => {
    expect(Object.fromEntries(impliedPermissions(['notifications.broadcast'], note))).toEqual({
      'notifications.send': 'notifications.broadcast includes notifications.send',
      'notifications.view': 'notifications.send includes notifications.view',
    });
  });

  it('brings nothing for a permission that needs nothing, and ignores unknown names', () => {
    expect(impliedPermissions(['users.view', 'audit.view', 'nonsense'], note).size).toBe(0);
  });

  it('names the first of several that bring the same one', () => {
    expect(impliedPermissions(['users.export', 'users.edit'], note).get('users.view')).toBe(
      'users.edit includes users.view',
    );
  });
});
