import type { APIRoute } from 'astro';
import { findImage } from '../../server/images/store';

/**
 * Stored images at their content hash. The bytes behind a URL never change, so browsers keep them
 * for a year (private: they are people's photos, behind the sign-in); `nosniff` and a sandboxing
 * CSP (set by the middleware for every non-page answer) keep them from ever running as a document.
 */
export const GET: APIRoute = async ({ params }) => {
  const hash = /^([0-9a-f]{64})\.webp$/.exec(params.file ?? '')?.[1];
  const image = hash ? await findImage(hash) : null;
  if (!image) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(new Uint8Array(image.data), {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(image.data.length),
      'cache-control': 'private, max-age=31536000, immutable',
    },
  });
};
