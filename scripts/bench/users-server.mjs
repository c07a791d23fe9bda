// The benchmarked server as a child process (`node dist/main.mjs`), and its memory from /proc.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Migrations on a big database take a while, but a server silent for minutes is stuck. */
const START_TIMEOUT_MS = 300_000;

/** Starts `node dist/main.mjs` in `root` and resolves once it prints the address it listens on. */
export function startServer(root, env) {
  const child = spawn(process.execPath, [path.join(root, 'dist', 'main.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let output = '';
    // Migrations on a big database take a while, but a server silent for minutes is stuck.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      // Keep draining stdout (the mail's console copy), or a full pipe would stall the server.
      child.stdout.off('data', onData).resume();
      resolve({ child, url: match[1], startSeconds: (performance.now() - started) / 1000 });
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** SIGTERM (the server drains and closes the database), SIGKILL if it takes over 15 s. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** VmRSS and VmHWM (peak) of a process, in bytes, from /proc/<pid>/status. */
export function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/**
 * Resets the kernel's peak-RSS mark (VmHWM) to the current RSS, so the peak read afterwards
 * belongs to the export and not to start-up. Linux >= 4.0; false where not allowed.
 */
export function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
