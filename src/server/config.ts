import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '../features/auth/password-text';
import { forgetProcessGlobal, processGlobal } from './process-global';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((value) => value === 'true' || value === '1');

const duration = z
  .string()
  .regex(/^\d+\s*(s|m|h|d)$/, 'must be a duration such as 30m, 12h or 7d')
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[value.trim().slice(-1) as 's' | 'm' | 'h' | 'd'];
    return amount * unit * 1000;
  });

const ConfigInput = z
  .object({
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65_535, 'must be between 0 and 65535')
      .default(4321),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Puzzle Admin <no-reply@localhost>'),
    PUBLIC_URL: z.string().url('must be an absolute URL such as https://admin.example.com').optional(),
    ADMIN_EMAIL: z.string().email('must be an email address').optional(),
    ADMIN_PASSWORD: z
      .string()
      .refine((value) => passwordLength(value) >= PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
      .refine((value) => passwordLength(value) <= PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
      .optional(),
    SEED_DEMO: booleanFlag,
    ALLOW_REGISTRATION: booleanFlag,
    /** The generic account API (`/api/account/login`, `/me`): password-only tokens, so off unless asked for. */
    ACCOUNT_API: booleanFlag,
    /** Absolute session lifetime. */
    SESSION_TTL: duration.default('12h'),
    /** Idle timeout: a session unused this long ends. */
    SESSION_IDLE: duration.default('30m'),
    /** Comma-separated proxy addresses whose X-Forwarded-For is believed. */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    LOG_LEVEL: z.enum(['silent', 'info']).default('info'),
    /** Requests per minute each product API key may make to /api/app (a fixed one-minute window). */
    APP_RATE_LIMIT: z.coerce
      .number({ message: 'must be a number of requests per minute' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .default(600),
    /** How often each server looks for scheduled notifications that fell due (milliseconds). */
    NOTIFY_POLL_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(20, 'must be at least 20')
      .max(3_600_000, 'must be at most 3600000')
      .default(5000),
    /**
     * log2 of scrypt's N for new password hashes (DESIGN.md §8: 17). Lower is for test runs only,
     * where hundreds of hashes would otherwise take minutes; stored hashes name their own cost.
     */
    PASSWORD_HASH_COST: z.coerce
      .number({ message: 'must be a whole number (log2 of scrypt N)' })
      .int('must be a whole number')
      .min(10, 'must be between 10 and 20')
      .max(20, 'must be between 10 and 20')
      .default(17),
  })
  .superRefine((value, ctx) => {
    if (value.ADMIN_EMAIL && !value.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is required when ADMIN_EMAIL is set',
      });
    }
  });

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
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`),
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
}
