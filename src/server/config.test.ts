import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const cfg = parseConfig({});
    expect(cfg.PORT).toBe(4321);
    expect(cfg.HOST).toBe('127.0.0.1');
    expect(cfg.dataDir).toBe(path.resolve('./data'));
    expect(cfg.SESSION_TTL).toBe(12 * 3600 * 1000);
    expect(cfg.SESSION_IDLE).toBe(30 * 60 * 1000);
    expect(cfg.publicUrl).toBe('http://127.0.0.1:4321');
    expect(cfg.secureCookies).toBe(false);
    expect(cfg.ALLOW_REGISTRATION).toBe(false);
    expect(cfg.ACCOUNT_API).toBe(false);
  });

  it('names the product for its players: Puzzle Game unless PRODUCT_NAME says, 1–60 characters', () => {
    expect(parseConfig({}).PRODUCT_NAME).toBe('Puzzle Game');
    expect(parseConfig({ PRODUCT_NAME: 'Riddle Ridge' }).PRODUCT_NAME).toBe('Riddle Ridge');
    expect(parseConfig({ PRODUCT_NAME: '' }).PRODUCT_NAME).toBe('Puzzle Game');
    expect(problemsOf({ PRODUCT_NAME: 'x'.repeat(61) })[0]).toMatch(/^PRODUCT_NAME /);
  });

  it('turns the account API on only with ACCOUNT_API=true or 1, and names a bad value', () => {
    expect(parseConfig({ ACCOUNT_API: 'true' }).ACCOUNT_API).toBe(true);
    expect(parseConfig({ ACCOUNT_API: '1' }).ACCOUNT_API).toBe(true);
    expect(parseConfig({ ACCOUNT_API: 'false' }).ACCOUNT_API).toBe(false);
    expect(parseConfig({ ACCOUNT_API: '' }).ACCOUNT_API).toBe(false);
    const problems = problemsOf({ ACCOUNT_API: 'yes' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ACCOUNT_API /);
  });

  it('hashes new passwords at N=2^17 unless a test run asks for less', () => {
    expect(parseConfig({}).PASSWORD_HASH_COST).toBe(17);
    expect(parseConfig({ PASSWORD_HASH_COST: '10', NODE_ENV: 'test' }).PASSWORD_HASH_COST).toBe(10);
    expect(problemsOf({ PASSWORD_HASH_COST: '10', NODE_ENV: 'production' })).toEqual([
      'PASSWORD_HASH_COST below 17 is for test runs only (NODE_ENV=test)',
    ]);
    expect(problemsOf({ PASSWORD_HASH_COST: '10' })).toHaveLength(1);
    expect(problemsOf({ PASSWORD_HASH_COST: '21' })[0]).toMatch(/^PASSWORD_HASH_COST /);
  });

  it('names PORT when it is not a number', () => {
    expect(problemsOf({ PORT: 'abc' }).join('\n')).toMatch(/^PORT /);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT .*65535/);
  });

  it('names each bad variable, all at once', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://mail',
      PUBLIC_URL: 'not a url',
      SESSION_TTL: 'forever',
      SEED_DEMO: 'maybe',
    });
    expect(problems.map((problem) => problem.split(' ')[0]).sort()).toEqual([
      'DATABASE_URL',
      'PUBLIC_URL',
      'SEED_DEMO',
      'SESSION_TTL',
      'SMTP_URL',
    ]);
  });

  it('requires ADMIN_PASSWORD with ADMIN_EMAIL, and a long enough one', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'a@b.co' })).toEqual([
      'ADMIN_PASSWORD is required when ADMIN_EMAIL is set',
    ]);
    expect(problemsOf({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })[0]).toMatch(/^ADMIN_PASSWORD /);
    expect(problemsOf({ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough' })[0]).toMatch(/^ADMIN_EMAIL /);
  });

  it('treats empty values as unset and https PUBLIC_URL as secure', () => {
    const cfg = parseConfig({
      PORT: '',
      PUBLIC_URL: 'https://admin.example.com/',
      SESSION_TTL: '2h',
      SEED_DEMO: '1',
    });
    expect(cfg.PORT).toBe(4321);
    expect(cfg.publicUrl).toBe('https://admin.example.com');
    expect(cfg.secureCookies).toBe(true);
    expect(cfg.SESSION_TTL).toBe(2 * 3600 * 1000);
    expect(cfg.SEED_DEMO).toBe(true);
  });
});
