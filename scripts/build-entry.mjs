// Bundles our Node entry (src/server/main.ts) into dist/main.mjs next to Astro's build output.
// Packages stay external: they load from node_modules exactly as the Astro bundle loads them.
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
