// `npm start`: builds only when the build is missing or older than what it is built from, then
// starts the server. A restart of a running deployment takes seconds, not a rebuild's minute.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildState } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const state = buildState(root);
if (state !== 'fresh') {
  console.log(
    state === 'missing' ? 'No build yet: building.' : 'The sources changed since the last build: building.',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import(pathToFileURL(path.join(root, 'dist', 'main.mjs')).href);
await main();
