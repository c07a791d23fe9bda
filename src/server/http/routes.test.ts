import { describe, expect, it } from 'vitest';
import { classify } from './routes';

describe('classify', () => {
  it.each([
    ['/', 'public-page'],
    ['/about', 'public-page'],
    ['/users', 'admin-page'],
    ['/users/', 'admin-page'],
    ['/accept-invite', 'public-page'],
    ['/api/admin/login', 'public-api'],
    ['/api/admin/acceptinvite', 'public-api'],
    ['/api/admin/inviteadmin', 'admin-api'],
    ['/api/admin/getusers', 'admin-api'],
    ['/api/account/me', 'own-auth-api'],
    ['/api/app/users', 'own-auth-api'],
    ['/api/whatever', 'unknown-api'],
    ['/users/../etc', 'unknown'],
    ['/wp-admin', 'unknown'],
  ])('%s is %s', (path, kind) => {
    expect(classify(path)).toBe(kind);
  });
});
