import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextFor, nextAnswering } from './fake-context';
import { withSecurityHeaders } from './security-headers';

afterEach(() => vi.restoreAllMocks());

const run = async (path: string, next: ReturnType<typeof nextAnswering>, admin: object | null = null) =>
  (await withSecurityHeaders(contextFor(`http://127.0.0.1:4321${path}`, { admin }), next)) as Response;

describe('withSecurityHeaders', () => {
  it('puts the security headers, a charset and Vary on a page; a public page may be cached', async () => {
    const response = await run(
      '/about',
      nextAnswering(() => new Response('<p>hi', { headers: { 'content-type': 'text/html' } })),
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('marks anything signed in no-store, but keeps an immutable answer’s own caching', async () => {
    const signedIn = await run('/about', nextAnswering(), { mustChangePassword: false });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect((await run('/users', nextAnswering())).headers.get('cache-control')).toBe('no-store');
    const image = await run(
      `/images/${'a'.repeat(64)}.webp`,
      nextAnswering(
        () => new Response('x', { headers: { 'cache-control': 'public, max-age=31536000, immutable' } }),
      ),
      { mustChangePassword: false },
    );
    expect(image.headers.get('cache-control')).toContain('immutable');
  });

  it('answers an error that escaped the route with 500, logged, headers included', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    const failing = Object.assign(() => Promise.reject(new Error('boom')), { calls: 0 });
    const api = await run('/api/admin/getusers', failing);
    expect(api.status).toBe(500);
    expect(await api.json()).toMatchObject({ succeeded: false, ResponseCode: 500 });
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await run('/users', failing);
    expect(page.status).toBe(500);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(written.map((line) => JSON.parse(line).event)).toEqual(['request.failed', 'request.failed']);
  });
});
