/**
 * The worker's environment before any test changed it. Test files share a worker's modules (the
 * projects run with `isolate: false`, vitest.config.ts), so what one file configured, including
 * what it set on process.env by hand, must not reach the next file: `each-file.ts` puts it back
 * before every file, and a test server or database before it starts.
 */
const startingEnvironment = ((
  globalThis as { testStartingEnvironment?: NodeJS.ProcessEnv }
).testStartingEnvironment ??= { ...process.env });

export async function restoreEnvironment(): Promise<void> {
  for (const key of Object.keys(process.env)) if (!(key in startingEnvironment)) delete process.env[key];
  Object.assign(process.env, startingEnvironment);
  const { resetConfig } = await import('../../src/server/config');
  resetConfig();
}
