import { describe, expect, it } from 'vitest';
import { BUILT_IN_PERMISSIONS } from '../../shared/roles/permissions';
import { FIRST_PASSWORD_PAGE, PENDING_PAGE } from '../http/routes';
import { contextFor, nextAnswering } from './fake-context';
import { guard } from './guard';

const BASE = 'http://127.0.0.1:4321';

async function answer(path: string, init: Parameters<typeof contextFor>[1] = {}) {
  const next = nextAnswering();
  const response = (await guard(contextFor(`${BASE}${path}`, init), next)) as Response;
  return { status: response.status, location: response.headers.get('location'), passed: next.calls === 1 };
}

describe('the guard', () => {
  it('lets a signed-out visitor reach only the public routes', async () => {
    expect(await answer('/')).toMatchObject({ passed: true });
    expect(await answer('/about')).toMatchObject({ passed: true });
    expect(await answer('/users')).toEqual({ status: 302, location: '/', passed: false });
    expect(await answer('/api/admin/getusers')).toMatchObject({ status: 401, passed: false });
    expect(await answer(`/images/${'a'.repeat(64)}.webp`)).toMatchObject({ status: 401, passed: false });
    expect(await answer('/api/nowhere')).toMatchObject({ status: 404 });
    expect(await answer('/no/such/page')).toEqual({ status: 302, location: '/', passed: false });
  });

  it('sends a signed-in admin from the public pages to the dashboard, and lets them in', async () => {
    const admin = { mustChangePassword: false };
    expect(await answer('/', { admin })).toEqual({ status: 302, location: '/dashboard', passed: false });
    expect(await answer('/users', { admin })).toMatchObject({ passed: true });
    expect(await answer('/api/admin/getusers', { admin })).toMatchObject({ passed: true });
    expect(await answer('/no/such/page', { admin })).toMatchObject({ location: '/dashboard' });
  });

  it('lets a role through to what it may open, sends it home from the dashboard, and knows no undeclared endpoint', async () => {
    const readonly = { role: 'readonly', permissions: [...BUILT_IN_PERMISSIONS.readonly] };
    expect(await answer('/users', { admin: readonly })).toMatchObject({ passed: true });
    expect(await answer('/api/admin/getusers', { admin: readonly })).toMatchObject({ passed: true });
    expect(await answer('/account-setting?tab=admins', { admin: readonly })).toMatchObject({ passed: true });
    expect(await answer('/api/admin/no-such-endpoint', { admin: readonly })).toMatchObject({ status: 404 });
    const support = { role: 'support', permissions: [...BUILT_IN_PERMISSIONS.support] };
    expect(await answer('/dashboard', { admin: support })).toEqual({
      status: 302,
      location: '/users',
      passed: false,
    });
    expect(await answer('/profile', { admin: support })).toMatchObject({ passed: true });
  });

  it('keeps a session still on its first-start password on the password form', async () => {
    const admin = { mustChangePassword: true };
    expect(await answer('/users', { admin })).toMatchObject({ status: 302, location: FIRST_PASSWORD_PAGE });
    expect(await answer('/account-setting', { admin })).toMatchObject({ passed: true });
    expect(await answer('/account-setting?tab=sessions', { admin })).toMatchObject({ status: 302 });
    expect(await answer('/api/admin/getusers', { admin })).toMatchObject({ status: 403, passed: false });
    expect(await answer('/api/admin/changepassword', { admin })).toMatchObject({ passed: true });
    expect(await answer(`/images/${'a'.repeat(64)}.webp`, { admin })).toMatchObject({ status: 403 });
  });

  it('keeps a registered admin waiting for approval on the page that says so, whatever their role', async () => {
    const admin = { status: 'pending' as const, role: 'owner', permissions: [...BUILT_IN_PERMISSIONS.owner] };
    expect(await answer('/users', { admin })).toEqual({ status: 302, location: PENDING_PAGE, passed: false });
    expect(await answer('/dashboard', { admin })).toMatchObject({ status: 302, location: PENDING_PAGE });
    expect(await answer(PENDING_PAGE, { admin })).toMatchObject({ passed: true });
    expect(await answer('/api/admin/changeadminstatus', { admin })).toMatchObject({
      status: 403,
      passed: false,
    });
    expect(await answer('/api/admin/getprofile', { admin })).toMatchObject({ passed: true });
    expect(await answer('/api/admin/logout', { admin })).toMatchObject({ passed: true });
    expect(await answer(`/images/${'a'.repeat(64)}.webp`, { admin })).toMatchObject({ status: 403 });
  });

  it('refuses a cross-site state change before anything else', async () => {
    const refused = await answer('/api/admin/logout', {
      method: 'POST',
      admin: { mustChangePassword: false },
      cookies: { session: 'token' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(refused).toMatchObject({ status: 403, passed: false });
  });
});
