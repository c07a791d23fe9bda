import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/shared/users/user-input';
import { db } from '../../src/server/db/client';
import { images, users } from '../../src/server/db/schema';
import { asBrowserWhenCookie } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { png, postForm, type Upload } from '../support/users';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
});
afterAll(() => server?.stop());

let serial = 0;
const fields = () => ({ first_name: 'Pic', last_name: 'Ture', email: `pic${(serial += 1)}@example.test` });
const add = (file: Upload) => postForm<UserRow>(server.url, '/api/admin/adduser', fields(), token, file);
const upload = (bytes: Uint8Array, type = 'image/png', name = 'a.png'): Upload => ({
  bytes,
  type,
  name,
});
const imageCount = async () => (await (await db()).select({ n: count() }).from(images))[0]!.n;
const userCount = async () => (await (await db()).select({ n: count() }).from(users))[0]!.n;

/** A PNG whose header declares `width`×`height` but carries almost no data: a decompression bomb. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const real = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([real, ihdr, Buffer.alloc(4), Buffer.from('0000000049454e44ae426082', 'hex')]);
}

describe('the image store', () => {
  it('re-encodes an upload to a 256×256 WebP without metadata, stored in the database and served at its hash', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const answer = await add(upload(jpeg, 'image/jpeg', 'me.jpg'));
    expect(answer.status).toBe(200);
    const url = answer.body.ResponseBody!.profile!;
    expect(url).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);

    const anonymous = await fetch(`${server.url}${url}`);
    expect(anonymous.status).toBe(401);
    const served = await fetch(`${server.url}${url}`, { headers: { cookie: `session=${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('secret-camera-owner')).toBe(false);
    const missing = await fetch(`${server.url}/images/${'0'.repeat(64)}.webp`, {
      headers: { cookie: `session=${token}` },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses what is not a PNG, JPEG or WebP by content, whatever its name or type; no user is created', async () => {
    const before = await userCount();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    for (const file of [
      upload(svg, 'image/svg+xml', 'x.svg'),
      upload(svg, 'image/png', 'x.png'),
      upload(Buffer.from('just some text'), 'image/jpeg', 'x.jpg'),
      upload(gif, 'image/gif', 'x.gif'),
    ]) {
      const answer = await add(file);
      expect(answer.status, file.name).toBe(415);
      expect(answer.body.errors).toHaveProperty('profile');
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a polyglot, a pixel flood and an over-sized image with 400 naming the field', async () => {
    const before = await userCount();
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const pngMagicThenHtml = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), html]);
    for (const bytes of [pngMagicThenHtml, pngHeaderOnly(100_000, 100_000), await png(4097, 8)]) {
      const answer = await add(upload(bytes));
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty('profile');
    }
    expect(await userCount()).toBe(before);
  });

  it('strips what a polyglot hides after real image data', async () => {
    const hidden = Buffer.concat([await png(32, 32), Buffer.from('<script>alert(1)</script>')]);
    const answer = await add(upload(hidden));
    expect(answer.status).toBe(200);
    const [row] = await (
      await db()
    )
      .select()
      .from(images)
      .where(eq(images.hash, answer.body.ResponseBody!.profile!.slice(8, 72)));
    expect(row!.data.includes('<script>')).toBe(false);
  });

  it('answers 413 for an image over 2 MB, and before reading a body over the limit', async () => {
    const before = await userCount();
    const big = Buffer.concat([await png(16, 16), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const answer = await add(upload(big));
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toHaveProperty('profile');
    // A declared length over the multipart limit is refused from the headers alone.
    const huge = await fetch(`${server.url}/api/admin/adduser`, {
      method: 'POST',
      headers: {
        ...asBrowserWhenCookie({ cookie: `session=${token}` }),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      body: 'x',
    }).catch(() => null);
    expect(huge === null || huge.status === 413).toBe(true);
    expect(await userCount()).toBe(before);
  });

  it('keeps one row per picture and drops it when no one uses it any more', async () => {
    const picture = await png(40, 40, '#0a0');
    const first = (await add(upload(picture))).body.ResponseBody!;
    const second = (await add(upload(picture))).body.ResponseBody!;
    expect(second.profile).toBe(first.profile);
    const afterTwo = await imageCount();

    const edit = (user: UserRow, extra: Record<string, string>, file?: Upload) =>
      postForm<UserRow>(
        server.url,
        '/api/admin/updateuser',
        {
          id: String(user.id),
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          ...extra,
        },
        token,
        file,
      );
    // Replacing one user's copy keeps the row: the other still uses it.
    const replaced = await edit(first, {}, upload(await png(40, 40, '#00a')));
    expect(replaced.body.ResponseBody!.profile).not.toBe(first.profile);
    expect(await imageCount()).toBe(afterTwo + 1);
    // Removing the last reference drops it.
    const removed = await edit(second, { remove_profile: 'true' });
    expect(removed.body.ResponseBody!.profile).toBeNull();
    expect(await imageCount()).toBe(afterTwo);
    const gone = await fetch(`${server.url}${first.profile}`, { headers: { cookie: `session=${token}` } });
    expect(gone.status).toBe(404);
    // An edit without a file keeps the image.
    const kept = await edit(replaced.body.ResponseBody!, { first_name: 'Renamed' });
    expect(kept.body.ResponseBody!.profile).toBe(replaced.body.ResponseBody!.profile);
  });
});
