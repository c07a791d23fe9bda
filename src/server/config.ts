import path from 'node:path';
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '../shared/auth/password-text';
import { meaningfulIssues } from '../lib/zod-issues';
import { forgetProcessGlobal, processGlobal } from './process-global';

const booleanFlag = z.pipe(
  z._default(z.enum(['true', 'false', '1', '0', ''], { error: 'must be true or false (or 1 or 0)' }), ''),
  z.transform((value) => value === 'true' || value === '1'),
);

/** `30m`, `12h`, `7d` as milliseconds; the default is written the same way (a `prefault`). */
const duration = (fallback: string) =>
  z.prefault(
    z.pipe(
      z.string().check(z.regex(/^\d+\s*(s|m|h|d)$/, 'must be a duration such as 30m, 12h or 7d')),
      z.transform((value) => {
        const amount = Number.parseInt(value, 10);
        const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[value.trim().slice(-1) as 's' | 'm' | 'h' | 'd'];
        return amount * unit * 1000;
      }),
    ),
    fallback,
  );

/** A 256-bit key written as base64 or base64url (43 or 44 characters). */
const KEY_PATTERN = /^[A-Za-z0-9+/_-]{43}=?$/;

/** A whole number: what to say when the value is not a number at all, then its bounds and their words. */
const wholeNumber = (
  notANumber: string,
  [min, belowMin]: [number, string],
  [max, aboveMax]: [number, string],
) =>
  z.coerce
    .number({ error: notANumber })
    .check(z.int('must be a whole number'), z.gte(min, belowMin), z.lte(max, aboveMax));

const text = (pattern: RegExp, message: string) => z.optional(z.string().check(z.regex(pattern, message)));

const ConfigInput = z
  .object({
    PORT: z._default(
      wholeNumber(
        'must be a port number',
        [0, 'must be between 0 and 65535'],
        [65_535, 'must be between 0 and 65535'],
      ),
      4321,
    ),
    HOST: z._default(z.string().check(z.minLength(1, 'must not be empty')), '127.0.0.1'),
    DATA_DIR: z._default(z.string().check(z.minLength(1, 'must not be empty')), './data'),
    DATABASE_URL: text(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
    SMTP_URL: text(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z._default(
      z.string().check(z.minLength(3, 'must be at least 3 characters')),
      'Puzzle Admin <no-reply@localhost>',
    ),
    PUBLIC_URL: z.optional(z.url('must be an absolute URL such as https://admin.example.com')),
    PRODUCT_NAME: z._default(
      z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(60, 'must be at most 60 characters')),
      'Puzzle Game',
    ),
    ADMIN_EMAIL: z.optional(z.email('must be an email address')),
    ADMIN_PASSWORD: z.optional(
      z.string().check(
        z.refine(
          (value) => passwordLength(value) >= PASSWORD_MIN,
          `must be at least ${PASSWORD_MIN} characters`,
        ),
        z.refine(
          (value) => passwordLength(value) <= PASSWORD_MAX,
          `must be at most ${PASSWORD_MAX} characters`,
        ),
      ),
    ),
    SEED_DEMO: booleanFlag,
    ALLOW_REGISTRATION: booleanFlag,
    /** The generic account API (`/api/account/login`, `/me`): password-only tokens, so off unless asked for. */
    ACCOUNT_API: booleanFlag,
    /** Absolute session lifetime. */
    SESSION_TTL: duration('12h'),
    /** Idle timeout: a session unused this long ends. */
    SESSION_IDLE: duration('30m'),
    /** Comma-separated proxy addresses whose X-Forwarded-For is believed. */
    TRUSTED_PROXIES: z.pipe(
      z._default(z.string(), ''),
      z.transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ),
    LOG_LEVEL: z._default(z.enum(['silent', 'info'], { error: 'must be silent or info' }), 'info'),
    /** Requests per minute each product API key may make to /api/app (a fixed one-minute window). */
    APP_RATE_LIMIT: z._default(
      wholeNumber(
        'must be a number of requests per minute',
        [1, 'must be at least 1'],
        [1_000_000, 'must be at most 1000000'],
      ),
      600,
    ),
    /** How long audit rows are kept (days); older ones are purged in the background, in batches. */
    AUDIT_RETENTION_DAYS: z._default(
      wholeNumber('must be a number of days', [1, 'must be at least 1'], [36_500, 'must be at most 36500']),
      365,
    ),
    /** How often each server looks for scheduled notifications that fell due (milliseconds). */
    NOTIFY_POLL_MS: z._default(
      wholeNumber(
        'must be a number of milliseconds',
        [20, 'must be at least 20'],
        [3_600_000, 'must be at most 3600000'],
      ),
      5000,
    ),
    /** How long after `eraseuser` (or the product's request) a player is erased; cancellable until then. */
    ERASURE_DELAY: duration('7d'),
    /**
     * Host names webhooks may reach although they are, or resolve to, a loopback, private or
     * link-local address (comma-separated; for development and tests). Nothing else is exempt.
     */
    WEBHOOK_ALLOW_HOSTS: z.pipe(
      z._default(z.string(), ''),
      z.transform((value) =>
        value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean),
      ),
    ),
    /** How often each server looks for due webhook deliveries and erasures (milliseconds). */
    WORKER_POLL_MS: z._default(
      wholeNumber(
        'must be a number of milliseconds',
        [20, 'must be at least 20'],
        [3_600_000, 'must be at most 3600000'],
      ),
      2000,
    ),
    /**
     * How often each server writes the end of bans that ran out (milliseconds). Reads never wait
     * for it: they compare `until` with the clock (src/server/users/bans.ts).
     */
    BAN_SWEEP_MS: z._default(
      wholeNumber(
        'must be a number of milliseconds',
        [20, 'must be at least 20'],
        [3_600_000, 'must be at most 3600000'],
      ),
      30_000,
    ),
    /**
     * log2 of scrypt's N for new password hashes (DESIGN.md §8: 17). Lower is for test runs only,
     * where hundreds of hashes would otherwise take minutes; stored hashes name their own cost.
     */
    /** Days an admin whose role requires a second factor may go without one (0: at once). */
    MFA_GRACE_DAYS: z._default(
      wholeNumber('must be a number of days', [0, 'must be at least 0'], [3650, 'must be at most 3650']),
      14,
    ),
    /** How long a confirmation (sign-in, `reauth`) stays fresh for sensitive actions. */
    REAUTH_WINDOW: z.prefault(
      z.pipe(
        z.string().check(z.regex(/^\d+\s*(s|m|h)$/, 'must be a duration such as 90s, 15m or 1h')),
        z.transform((value) => {
          const unit = { s: 1, m: 60, h: 3600 }[value.trim().slice(-1) as 's' | 'm' | 'h'];
          return Number.parseInt(value, 10) * unit * 1000;
        }),
      ),
      '15m',
    ),
    /**
     * The key that encrypts authenticator-app secrets (32 bytes, base64). Unset: a key generated
     * into DATA_DIR on first start (server/mfa/secret-box.ts).
     */
    MFA_KEY: text(KEY_PATTERN, 'must be 32 bytes in base64 (openssl rand -base64 32)'),
    /** Keys MFA_KEY replaced, comma-separated: secrets under them still open and are re-encrypted. */
    MFA_PREVIOUS_KEYS: z.pipe(
      z._default(
        z
          .string()
          .check(
            z.regex(
              /^\s*([A-Za-z0-9+/_-]{43}=?\s*(,\s*|$))*$/,
              'must list 32-byte keys in base64, comma-separated',
            ),
          ),
        '',
      ),
      z.transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ),
    PASSWORD_HASH_COST: z._default(
      wholeNumber(
        'must be a whole number (log2 of scrypt N)',
        [10, 'must be between 10 and 20'],
        [20, 'must be between 10 and 20'],
      ),
      17,
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.ADMIN_EMAIL && !value.ADMIN_PASSWORD) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: 'is required when ADMIN_EMAIL is set',
        });
      }
    }),
  );

export type Config = z.output<typeof ConfigInput> & {
  dataDir: string;
  publicUrl: string;
  secureCookies: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = ConfigInput.safeParse(definedOnly(env));
  if (!result.success) {
    throw new ConfigError(
      meaningfulIssues(result.error.issues).map(
        (issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`,
      ),
    );
  }
  const value = result.data;
  if (value.PASSWORD_HASH_COST < 17 && env.NODE_ENV !== 'test') {
    throw new ConfigError(['PASSWORD_HASH_COST below 17 is for test runs only (NODE_ENV=test)']);
  }
  const publicUrl = (value.PUBLIC_URL ?? `http://${value.HOST}:${value.PORT}`).replace(/\/+$/, '');
  return {
    ...value,
    dataDir: path.resolve(value.DATA_DIR),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
  };
}

/** The configuration, read from the environment once per process (see process-global.ts). */
export function config(): Config {
  return processGlobal('config', () => parseConfig(process.env));
}

/** Tests point the process at a fresh environment before starting a server. */
export function resetConfig(): void {
  forgetProcessGlobal('config');
  // Derived from the configuration (server/mfa/secret-box.ts).
  forgetProcessGlobal('mfa-keyring');
}
