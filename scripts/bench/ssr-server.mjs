// The server under load for `npm run bench:ssr`, as a child process of its own so the load
// generator does not share its event loop: the built server (scripts/bench/server.mjs: PGlite,
// demo data, a signed-in admin past the first-password step), then one line on stdout,
// `READY {"url":…,"token":…}`. SIGTERM stops it cleanly, which also lets `--cpu-prof` write its
// profile.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const server = await startBenchServer(path.join(root, 'dist'));
process.stdout.write(`READY ${JSON.stringify({ url: server.url, token: server.token })}\n`);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void server.stop().finally(() => process.exit(0));
});
