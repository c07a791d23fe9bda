import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, currentAction, currentArea, currentTarget } from './vocabulary';
import { PERMISSIONS } from '../roles/permissions';

describe('the audit vocabulary', () => {
  it('names each area of a permission by the permission’s word', () => {
    const permissionAreas = new Set(PERMISSIONS.map((permission) => permission.split('.')[0]));
    const areas = new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]));
    // Areas of their own (sign-in, the account and product APIs, refusals, the admin's profile, second
    // factors, and webhooks, which the API keys' permissions govern).
    const ownAreas = [...areas].filter((area) => !permissionAreas.has(area)).sort();
    expect(ownAreas).toEqual(['account', 'app', 'auth', 'mfa', 'permission', 'profile', 'webhooks']);
  });

  it('reads the words of before issue #39 as today’s', () => {
    expect(currentArea('admin')).toBe('admins');
    expect(currentArea('cms')).toBe('content');
    expect(currentArea('users')).toBe('users');
    expect(currentAction('notification.send')).toBe('notifications.send');
    expect(currentAction('role.update')).toBe('roles.update');
    expect(currentAction('auth.login')).toBe('auth.login');
    expect(currentTarget('user:12')).toBe('users:12');
    expect(currentTarget('role:custom-1')).toBe('roles:custom-1');
    expect(currentTarget('about-us:fr')).toBe('content:about-us:fr');
    expect(currentTarget('users:12')).toBe('users:12');
    expect(currentTarget('support:4')).toBe('support:4');
    expect(currentTarget('route:/audit')).toBe('route:/audit');
    expect(currentTarget('ann@example.com')).toBe('ann@example.com');
  });
});
