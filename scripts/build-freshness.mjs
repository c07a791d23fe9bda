import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything `npm run build` reads: a change to any of them means the build is out of date. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'drizzle',
  'scripts/build-entry.mjs',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** Tests beside the sources (`*.test.ts`) are not part of the build: changing one leaves it fresh. */
const TEST_FILE = /\.test\.tsx?$/;

/** The newest modification time under `entry` (a file or a folder, added and removed files included). */
export function newestChange(entry) {
  if (TEST_FILE.test(entry)) return 0;
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stats.mtimeMs,
  );
}

/** 'missing' (no build), 'stale' (a source is newer than the build) or 'fresh'. */
export function buildState(root, built = path.join(root, 'dist', 'main.mjs')) {
  const builtAt = newestChange(built);
  if (builtAt === 0) return 'missing';
  const sources = Math.max(...BUILD_INPUTS.map((input) => newestChange(path.join(root, input))));
  return sources > builtAt ? 'stale' : 'fresh';
}
