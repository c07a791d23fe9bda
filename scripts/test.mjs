// `npm test`: the static checks (ESLint, Prettier, astro check) and the build side by side, then every
// test (on PGlite, or on DATABASE_URL's PostgreSQL when it is set); with POSTGRES_TEST_URL set, the
// unit and API tests again against that PostgreSQL server, on the same build. CI (.ci/run) runs it
// once with both. Prints how long each phase took.
import { spawn } from 'node:child_process';

const phases = [];

/** Runs `command` and resolves with its exit code; `quiet` keeps its output until it ends. */
function run(command, args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(output);
      resolve(code ?? 1);
    });
  });
}

/** Runs `commands` one after the other, stopping at the first that fails; resolves with its code. */
async function lane(commands, options) {
  for (const [command, ...args] of commands) {
    const code = await run(command, args, options);
    if (code !== 0) return code;
  }
  return 0;
}

/**
 * One phase: lanes side by side (each a command, or a list of commands run in turn), timed
 * together; the run stops if any fails.
 */
async function phase(name, lanes, options) {
  console.log(`\n== ${name}`);
  const started = performance.now();
  const quiet = lanes.length > 1;
  const codes = await Promise.all(
    lanes.map((commands) => lane(Array.isArray(commands[0]) ? commands : [commands], { ...options, quiet })),
  );
  const seconds = (performance.now() - started) / 1000;
  const failed = codes.some((code) => code !== 0);
  phases.push({ name, seconds, failed });
  if (failed) finish(1);
}

function finish(code) {
  console.log('\n== phase times');
  for (const { name, seconds, failed } of phases) {
    console.log(`${name.padEnd(34)} ${seconds.toFixed(0).padStart(5)} s${failed ? '  FAILED' : ''}`);
  }
  const total = phases.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`${'total'.padEnd(34)} ${total.toFixed(0).padStart(5)} s`);
  process.exit(code);
}

const postgres = process.env.POSTGRES_TEST_URL;

// Two cores: astro check takes one for its whole run while ESLint, then the build, take the other
// (Prettier fills the gaps). The build starts once ESLint is done, long after astro check has read
// the generated types in .astro/ that a build writes again.
await phase('lint, format, type check and build', [
  [
    ['npx', 'eslint', '.'],
    ['npm', 'run', 'build'],
  ],
  ['npx', 'prettier', '--check', '.'],
  ['npx', 'astro', 'check'],
]);
await phase(
  process.env.DATABASE_URL ? 'tests on DATABASE_URL (unit, API)' : 'tests on PGlite (unit, API, browser)',
  [['npx', 'vitest', 'run']],
);
if (postgres) {
  await phase('tests on PostgreSQL (unit, API)', [['npx', 'vitest', 'run']], {
    // Only the tests that can reach the database run again (vitest.config.ts).
    env: { ...process.env, DATABASE_URL: postgres, SECOND_DATABASE_PASS: '1' },
  });
}
finish(0);
