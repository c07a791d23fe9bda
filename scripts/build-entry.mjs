// Bundles our Node entry (src/server/main.ts) into dist/main.mjs next to Astro's build output, and
// writes Brotli and gzip twins of the client assets so the server never compresses them per request.
// Packages stay external: they load from node_modules exactly as the Astro bundle loads them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|map)$/;
const files = await readdir('dist/client', { recursive: true, withFileTypes: true });
for (const file of files) {
  if (!file.isFile() || !COMPRESSIBLE.test(file.name)) continue;
  const full = path.join(file.parentPath, file.name);
  const content = await readFile(full);
  if (content.length < 1024) continue;
  await writeFile(
    `${full}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
}
